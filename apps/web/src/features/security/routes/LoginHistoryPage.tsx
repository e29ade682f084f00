/** Issue 25: being built. */
export default function LoginHistoryPage() {
  return null;
}
