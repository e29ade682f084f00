/** Issue 25: being built. */
export default function FeedbackDetailPage() {
  return null;
}
