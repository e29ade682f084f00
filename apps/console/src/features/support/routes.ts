import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { supportMessages } from './messages';

const t = supportMessages.titles;

export const supportRoutes: ConsoleRoute[] = [
  {
    path: 'support/chat',
    page: 'supportChat',
    title: t.chat,
    menu: { group: 'support' },
    component: lazy(() => import('./chat/ChatSeatPage')),
  },
  {
    path: 'support/left-messages',
    // Filed under the feedback page's key (same roles): the chat's queue badge belongs to the chat seat alone.
    page: 'feedback',
    title: t.left,
    menu: { group: 'support' },
    component: lazy(() => import('./left/LeftMessagesPage')),
  },
  {
    path: 'support/feedback',
    page: 'feedback',
    title: t.feedback,
    menu: { group: 'support' },
    component: lazy(() => import('./feedback/FeedbackPage')),
  },
  {
    path: 'support/settings',
    page: 'feedback',
    title: t.settings,
    menu: { group: 'support' },
    component: lazy(() => import('./settings/SupportSettingsPage')),
  },
];
