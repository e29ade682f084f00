/** Issue 25: being built. */
export default function LeaveMessagePage() {
  return null;
}
