/** Issue 26: being built. */
export default function PolicyPage() {
  return null;
}
