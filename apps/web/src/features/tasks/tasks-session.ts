import type { DatePreset, TaskGroups } from '@jinb/contract';
import type { QueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/*
 * What of the task centre lives for the whole page life: the key prefix, the group list's 100 ms throttle and the
 * logout cleanup. Small on purpose: the app shell installs the cleanup, so nothing here may pull in the pages' UI.
 */

/** The spec: the task group list is asked for at most once per 100 ms, however many screens want it. */
export const GROUPS_THROTTLE_MS = 100;

export const taskKeys = {
  all: ['tasks'] as const,
  content: () => [...taskKeys.all, 'content'] as const,
  groups: () => [...taskKeys.all, 'groups'] as const,
  records: (preset: DatePreset) => [...taskKeys.all, 'records', { preset }] as const,
};

let lastGroups: { at: number; result: Promise<TaskGroups> } | undefined;

/** The group list, throttled: a call within 100 ms of the last one shares its answer instead of asking again. */
export function fetchTaskGroups(now = Date.now()): Promise<TaskGroups> {
  if (lastGroups && now - lastGroups.at < GROUPS_THROTTLE_MS) return lastGroups.result;
  const result = post('taskGroups', { json: true });
  const entry = { at: now, result };
  lastGroups = entry;
  // A failed call is not shared: the next one asks again.
  result.catch(() => {
    if (lastGroups === entry) lastGroups = undefined;
  });
  return result;
}

/** Forgets the throttle's last call: after a claim (the list changed) and at logout (the spec resets the timers). */
export function resetTaskThrottle(): void {
  lastGroups = undefined;
}

/**
 * The spec: on logout the task data is cleared and the throttle reset. Installed once with the app's query client
 * (app/query-client.ts); answers the unsubscribe.
 */
export function clearTasksOnLogout(client: QueryClient): () => void {
  return useSession.subscribe((state, previous) => {
    if (previous.token && !state.token) {
      client.removeQueries({ queryKey: taskKeys.all });
      resetTaskThrottle();
    }
  });
}
