/** Issue 25: being built. */
export default function FeedbackListPage() {
  return null;
}
