import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { moneyMessages as t } from './messages';

/** 资金: the money desk's queues (live), its settings and the venues' reconciliation. */
export const moneyRoutes: ConsoleRoute[] = [
  {
    path: 'money/withdrawals',
    page: 'withdrawals',
    title: t.titles.withdrawals,
    menu: { group: 'money' },
    component: lazy(() => import('./WithdrawalsPage')),
  },
  {
    path: 'money/deposits',
    page: 'deposits',
    title: t.titles.deposits,
    menu: { group: 'money' },
    component: lazy(() => import('./DepositsPage')),
  },
  {
    path: 'money/unmatched',
    page: 'unmatchedPayments',
    title: t.titles.unmatched,
    menu: { group: 'money' },
    component: lazy(() => import('./UnmatchedPaymentsPage')),
  },
  {
    path: 'money/approvals',
    page: 'approvals',
    title: t.titles.approvals,
    menu: { group: 'money' },
    component: lazy(() => import('./ApprovalsPage')),
  },
  {
    path: 'money/channels',
    page: 'channels',
    title: t.titles.channels,
    menu: { group: 'money' },
    component: lazy(() => import('./ChannelsPage')),
  },
  {
    path: 'money/settings',
    page: 'walletSettings',
    title: t.titles.settings,
    menu: { group: 'money' },
    component: lazy(() => import('./WalletSettingsPage')),
  },
  {
    path: 'money/reconcile',
    page: 'venueReconciliation',
    title: t.titles.reconcile,
    menu: { group: 'money' },
    component: lazy(() => import('./VenueReconcilePage')),
  },
];
