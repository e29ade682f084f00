/** Issue 26: being built. */
export default function ProtectionPage() {
  return null;
}
