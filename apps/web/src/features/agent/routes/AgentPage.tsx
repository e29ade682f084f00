/** Wired before it was built (issue 24): its helper replaces this file. */
export default function AgentPage() {
  return null;
}
