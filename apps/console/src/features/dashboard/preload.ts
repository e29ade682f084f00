import type { QueryClient } from '@tanstack/react-query';
import { dashboardQuery } from './dashboard.queries';
import { loadDashboardPage } from './routes';

/** 概览 fetched ahead of its first render (app/landing.ts): its chunk, then its figures once the role may read them. */
export const dashboardPreload = {
  loadPage(): void {
    void loadDashboardPage();
  },
  prefetchData(queryClient: QueryClient): void {
    void queryClient.prefetchQuery(dashboardQuery);
  },
};
