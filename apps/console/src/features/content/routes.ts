import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { contentMessages as t } from './messages';

/** 内容: messages, announcements, news, sponsorships, banners, help articles and tutorials. */
export const contentRoutes: ConsoleRoute[] = [
  {
    path: 'content/messages',
    page: 'messages',
    title: t.titles.messages,
    menu: { group: 'marketing' },
    component: lazy(() => import('./MessagesPage')),
  },
  {
    path: 'content/notices',
    page: 'content',
    title: t.titles.notices,
    menu: { group: 'marketing' },
    component: lazy(() => import('./NoticesPage')),
  },
  {
    path: 'content/news',
    page: 'content',
    title: t.titles.news,
    menu: { group: 'marketing' },
    component: lazy(() => import('./NewsPage')),
  },
  {
    path: 'content/sponsors',
    page: 'content',
    title: t.titles.sponsors,
    menu: { group: 'marketing' },
    component: lazy(() => import('./SponsorsPage')),
  },
  {
    path: 'content/banners',
    page: 'content',
    title: t.titles.banners,
    menu: { group: 'marketing' },
    component: lazy(() => import('./BannersPage')),
  },
  {
    path: 'content/help',
    page: 'help',
    title: t.titles.help,
    menu: { group: 'marketing' },
    component: lazy(() => import('./HelpPage')),
  },
];
