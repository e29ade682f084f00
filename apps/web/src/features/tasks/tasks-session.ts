import type { DatePreset, TaskGroups } from '@jinb/contract';
import { post } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/*
 * What of the task centre lives for the whole page life: the key prefix and the group list's 100 ms throttle.
 * Logout clears the task data with the rest of the query cache (app/query-client.ts clears it all when the token
 * goes), and the throttle belongs to the session it was armed in, so a new session (or none) starts afresh.
 */

/** The spec: the task group list is asked for at most once per 100 ms, however many screens want it. */
export const GROUPS_THROTTLE_MS = 100;

export const taskKeys = {
  all: ['tasks'] as const,
  content: () => [...taskKeys.all, 'content'] as const,
  groups: () => [...taskKeys.all, 'groups'] as const,
  records: (preset: DatePreset) => [...taskKeys.all, 'records', { preset }] as const,
};

let lastGroups: { at: number; token: string; result: Promise<TaskGroups> } | undefined;

/** The group list, throttled: a call within 100 ms of the last one shares its answer instead of asking again. */
export function fetchTaskGroups(now = Date.now()): Promise<TaskGroups> {
  const token = useSession.getState().token;
  if (lastGroups && lastGroups.token === token && now - lastGroups.at < GROUPS_THROTTLE_MS) return lastGroups.result;
  const result = post('taskGroups', { json: true });
  const entry = { at: now, token, result };
  lastGroups = entry;
  // A failed call is not shared: the next one asks again.
  result.catch(() => {
    if (lastGroups === entry) lastGroups = undefined;
  });
  return result;
}

/** Forgets the throttle's last call: after a claim the list changed, so the next read goes out at once. */
export function resetTaskThrottle(): void {
  lastGroups = undefined;
}
