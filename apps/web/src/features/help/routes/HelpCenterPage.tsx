/** Issue 25: being built. */
export default function HelpCenterPage() {
  return null;
}
