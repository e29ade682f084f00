/** Issue 25: being built. */
export default function TutorialPage() {
  return null;
}
