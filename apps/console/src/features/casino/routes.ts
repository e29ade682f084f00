import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { casinoMessages as t } from './messages';

/** 游戏: the house tables, their rounds with seeds and profit, and the external vendors. */
export const casinoRoutes: ConsoleRoute[] = [
  {
    path: 'casino/tables',
    page: 'casinoTables',
    title: t.titles.tables,
    menu: { group: 'casino' },
    component: lazy(() => import('./TablesPage')),
  },
  {
    path: 'casino/rounds',
    page: 'casinoRounds',
    title: t.titles.rounds,
    menu: { group: 'casino' },
    component: lazy(() => import('./RoundsPage')),
  },
  {
    path: 'casino/vendors',
    page: 'casinoVendors',
    title: t.titles.vendors,
    menu: { group: 'casino' },
    component: lazy(() => import('./VendorsPage')),
  },
];
