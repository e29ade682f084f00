import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { useMemberId } from '../hooks/use-member-id';

/** Renders the page body once the member's id is known (it scopes the wallet's cached data). */
export function MemberGate({ children }: { children: (memberId: string) => ReactNode }) {
  const member = useMemberId();
  if (member.status === 'ready') return children(member.memberId);
  if (member.status === 'error') return <ErrorState onRetry={member.reload} />;
  return <LoadingState minHeight={320} />;
}
