import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { agentsMessages } from './messages';

const t = agentsMessages.titles;

export const agentsRoutes: ConsoleRoute[] = [
  {
    path: 'agents/scheme',
    page: 'agents',
    title: t.scheme,
    menu: { group: 'agents' },
    component: lazy(() => import('./AgentSchemePage')),
  },
  {
    path: 'agents/commissions',
    page: 'agents',
    title: t.commissions,
    menu: { group: 'agents' },
    component: lazy(() => import('./AgentCommissionsPage')),
  },
  {
    path: 'agents/flags',
    page: 'agents',
    title: t.flags,
    menu: { group: 'agents' },
    component: lazy(() => import('./AgentFlagsPage')),
  },
];
