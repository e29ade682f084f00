/** Issue 26: being built. */
export default function LimitsPage() {
  return null;
}
