/** Issue 25: being built. */
export default function FeedbackPage() {
  return null;
}
