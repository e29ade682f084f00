import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { reportsMessages } from './messages';

/** 报表: the reports with their CSV exports. */
export const reportsRoutes: ConsoleRoute[] = [
  {
    path: 'reports',
    page: 'reports',
    title: reportsMessages.title,
    menu: { group: 'reports' },
    component: lazy(() => import('./ReportsPage')),
  },
];
