/** Issue 26: being built. */
export default function ExclusionPage() {
  return null;
}
