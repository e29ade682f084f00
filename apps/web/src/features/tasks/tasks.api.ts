import type { DatePreset } from '@jinb/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { nextPageParam } from '../../shared/ui/PagedList';
import { fetchTaskGroups, GROUPS_THROTTLE_MS, taskKeys } from './tasks-session';

export const TASK_RECORDS_PAGE_SIZE = 20;

/** The task centre's head: today's points, chests, the sign-in strip. */
export const taskContentQuery = queryOptions({
  queryKey: taskKeys.content(),
  queryFn: () => post('taskContent', { json: true }),
});

export const taskGroupsQuery = queryOptions({
  queryKey: taskKeys.groups(),
  queryFn: () => fetchTaskGroups(),
  staleTime: GROUPS_THROTTLE_MS,
});

/** /taskRecords: the task rewards received, by the spec's date preset (the server reads it in the platform's zone). */
export const taskRecordsQuery = (preset: DatePreset) =>
  infiniteQueryOptions({
    queryKey: taskKeys.records(preset),
    queryFn: ({ pageParam, signal }) =>
      post('taskRecords', {
        body: { dateType: preset, page: pageParam, size: TASK_RECORDS_PAGE_SIZE },
        json: true,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const claimTask = (id: string) => post('taskReceive', { body: { id }, json: true });
export const claimAllTasks = () => post('taskReceiveAll', { json: true });
export const openChest = (id: string) => post('taskActiveReceive', { body: { id }, json: true });
export const signIn = () => post('taskSignIn', { json: true });
