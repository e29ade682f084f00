import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { rewardsMessages as t } from './messages';

/** 奖励: VIP levels, task templates, activities with their claims queue, redemption codes. */
export const rewardsRoutes: ConsoleRoute[] = [
  {
    path: 'rewards/vip',
    page: 'vipLevels',
    title: t.titles.vip,
    menu: { group: 'marketing' },
    component: lazy(() => import('./vip/VipLevelsPage')),
  },
  {
    path: 'rewards/tasks',
    page: 'tasks',
    title: t.titles.tasks,
    menu: { group: 'marketing' },
    component: lazy(() => import('./tasks/TasksPage')),
  },
  {
    path: 'rewards/activities',
    page: 'activities',
    title: t.titles.activities,
    menu: { group: 'marketing' },
    component: lazy(() => import('./activities/ActivitiesPage')),
  },
  {
    path: 'rewards/codes',
    page: 'codes',
    title: t.titles.codes,
    menu: { group: 'marketing' },
    component: lazy(() => import('./codes/CodesPage')),
  },
  {
    path: 'rewards/codes/:id',
    page: 'codes',
    title: t.titles.codeBatch,
    component: lazy(() => import('./codes/CodeBatchPage')),
  },
];
