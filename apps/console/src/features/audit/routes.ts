import { AuditOutlined } from '@ant-design/icons';
import { createElement, lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { auditMessages } from './messages';

/** 审计日志: the admins' search of what every operator did. */
export const auditRoutes: ConsoleRoute[] = [
  {
    path: 'audit',
    page: 'audit',
    title: auditMessages.title,
    menu: { group: 'system', icon: createElement(AuditOutlined) },
    component: lazy(() => import('./AuditPage')),
  },
];
