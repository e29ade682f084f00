import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../shared/api/client';
import { REFRESH_THROTTLE_MS, sessionKeys } from '../../../shared/session/session.queries';

/**
 * The session's summary for the reality check: cheap to ask, asked again when the member comes back to the tab (an
 * interval changed on another tab, a session restarted elsewhere). Out of the shell: only the lazy clock reads it.
 */
export const sessionSummaryQuery = queryOptions({
  queryKey: sessionKeys.summary(),
  queryFn: ({ signal }) => get('memberSession', { signal }),
  staleTime: REFRESH_THROTTLE_MS,
  refetchOnWindowFocus: true,
});
