import { TeamOutlined } from '@ant-design/icons';
import { createElement, lazy } from 'react';
import type { ConsoleRoute } from '../../app/console-route';
import { operatorsMessages as t } from './messages';

/** 运营账号: the admins' page of operator accounts, roles, second factors and sessions. */
export const operatorsRoutes: ConsoleRoute[] = [
  {
    path: 'system/operators',
    page: 'operators',
    title: t.title,
    menu: { group: 'system', icon: createElement(TeamOutlined) },
    component: lazy(() => import('./OperatorsPage')),
  },
];
