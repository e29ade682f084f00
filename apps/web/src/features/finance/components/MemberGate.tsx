import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { ErrorState, LoadingState } from '../../../shared/ui/states';

/** Renders the page body once the member's id is known (it scopes the wallet's cached data). */
export function MemberGate({ children }: { children: (memberId: string) => ReactNode }) {
  const member = useCurrentUser();
  if (member.status === 'ready') return children(member.user.id);
  if (member.status === 'error') return <ErrorState onRetry={member.reload} />;
  return <LoadingState minHeight={320} />;
}
