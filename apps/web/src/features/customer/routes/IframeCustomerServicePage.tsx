/** Issue 25: being built. */
export default function IframeCustomerServicePage() {
  return null;
}
