/** Issue 26: being built. */
export default function StatementPage() {
  return null;
}
