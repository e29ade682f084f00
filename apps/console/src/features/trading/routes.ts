import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { tradingMessages as t } from './messages';

/** 赛事交易: the events table, an event's trading page (reached from the table), its manual feed and the book's settings. */
export const tradingRoutes: ConsoleRoute[] = [
  {
    path: 'trading/events',
    page: 'sportsEvents',
    title: t.titles.events,
    menu: { group: 'trading' },
    component: lazy(() => import('./EventsPage')),
  },
  {
    path: 'trading/events/:id',
    page: 'sportsEvent',
    title: t.titles.event,
    component: lazy(() => import('./EventPage')),
  },
  {
    path: 'trading/events/:id/feed',
    page: 'sportsEvent',
    title: t.titles.feed,
    component: lazy(() => import('./FeedPage')),
  },
  {
    path: 'trading/settings',
    page: 'sportsSettings',
    title: t.titles.settings,
    menu: { group: 'trading' },
    component: lazy(() => import('./SportsSettingsPage')),
  },
];
