import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { dashboardMessages } from './messages';

/** 概览: the first page of every role that reads figures. */
export const dashboardRoutes: ConsoleRoute[] = [
  {
    path: 'dashboard',
    page: 'dashboard',
    title: dashboardMessages.title,
    menu: { group: 'overview' },
    component: lazy(() => import('./DashboardPage')),
  },
];
