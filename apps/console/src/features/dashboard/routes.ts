import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { dashboardMessages } from './messages';

/** The page's code, also fetched ahead when a signed-in tab opens on it (app/landing.ts). */
export const loadDashboardPage = () => import('./DashboardPage');

/** 概览: the first page of every role that reads figures. */
export const dashboardRoutes: ConsoleRoute[] = [
  {
    path: 'dashboard',
    page: 'dashboard',
    title: dashboardMessages.title,
    menu: { group: 'overview' },
    component: lazy(loadDashboardPage),
  },
];
