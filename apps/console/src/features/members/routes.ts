import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { membersMessages } from './messages';

export const membersRoutes: ConsoleRoute[] = [
  {
    path: 'members',
    page: 'members',
    title: membersMessages.titles.list,
    menu: { group: 'members' },
    component: lazy(() => import('./MembersPage')),
  },
  {
    path: 'members/:id',
    page: 'memberDetail',
    title: membersMessages.titles.detail,
    component: lazy(() => import('./MemberDetailPage')),
  },
];
