import { SafetyOutlined } from '@ant-design/icons';
import { createElement, lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { securityMessages as t } from './messages';

/** 我的安全: every operator's own second factor and sessions (the page an operator who must enrol is sent to). */
export const securityRoutes: ConsoleRoute[] = [
  {
    path: 'system/security',
    page: 'mySecurity',
    title: t.title,
    menu: { group: 'system', icon: createElement(SafetyOutlined) },
    component: lazy(() => import('./MySecurityPage')),
  },
];
