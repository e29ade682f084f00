import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { setRefusalListener } from '../../../shared/api/client';
import { sessionKeys } from '../../../shared/session/session.queries';
import { useSession } from '../../../shared/session/session-store';
import { nextReminderAt } from './reality-schedule';
import { sessionSummaryQuery } from './session-summary.query';

// The dialogs and their words load only when one is due: this part runs on every page of the shell.
const RealityDialog = lazy(() => import('./RealityDialog'));
const SessionLimitDialog = lazy(() => import('./SessionLimitDialog'));

/**
 * A change of the interval or the session-time limit (the limits page's answers carry both) applies at once: the
 * summary is asked for again, whichever page changed them.
 */
function useNewIntervalAtOnce() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const answer = event.action.data;
        if (answer && typeof answer === 'object' && 'realityMinutes' in answer) {
          void client.invalidateQueries({ queryKey: sessionKeys.summary() });
        }
      }),
    [client],
  );
}

/**
 * The reality check's clock, on every page (the shell loads it once a full session's first screen is up): while the
 * member has an interval, a reminder every N minutes from the session's start. Also the dialog of a call refused for
 * the member's own session-time limit, whichever page made it.
 */
export default function RealityCheck() {
  const fullSession = useSession((state) => state.token !== '' && state.withdrawOnly === null);
  const summary = useQuery({ ...sessionSummaryQuery, enabled: fullSession }).data;
  useNewIntervalAtOnce();
  const [reminding, setReminding] = useState(false);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!fullSession || !summary || reminding) return;
    const due = nextReminderAt(summary, Date.now());
    if (due === null) return;
    const timer = setTimeout(() => setReminding(true), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [fullSession, summary, reminding]);

  useEffect(() => {
    setRefusalListener((error) => {
      if (error.code === 'SESSION_TIME_LIMIT') setLimitMessage(error.message);
    });
    return () => setRefusalListener(() => {});
  }, []);

  useEffect(() => {
    if (fullSession) return;
    setReminding(false);
    setLimitMessage(null);
  }, [fullSession]);

  if (!fullSession) return null;
  return (
    <Suspense fallback={null}>
      {limitMessage !== null ? (
        <SessionLimitDialog message={limitMessage} onClose={() => setLimitMessage(null)} />
      ) : (
        reminding && <RealityDialog onClose={() => setReminding(false)} />
      )}
    </Suspense>
  );
}
