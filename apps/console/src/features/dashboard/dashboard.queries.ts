import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

/** The dashboard's figures (the server keeps them 30 seconds; the page asks again as often). */
export const dashboardKeys = { all: ['dashboard'] as const };

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: () => call('adminDashboard'),
  refetchInterval: 30_000,
});
