/** Wired before it was built (issue 24): its helper replaces this file. */
export default function MessageDetailPage() {
  return null;
}
