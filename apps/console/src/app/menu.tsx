import {
  AppstoreOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FundOutlined,
  GiftOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { mayOpen, type OperatorRole } from '@jinb/contract';
import type { ReactNode } from 'react';
import { type ConsoleRoute, MENU_GROUPS, type MenuGroup } from './console-route';
import { appMessages } from './messages';

const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  overview: <DashboardOutlined />,
  members: <TeamOutlined />,
  money: <PayCircleOutlined />,
  trading: <TrophyOutlined />,
  casino: <AppstoreOutlined />,
  marketing: <GiftOutlined />,
  agents: <FundOutlined />,
  support: <CustomerServiceOutlined />,
  reports: <PieChartOutlined />,
  system: <SettingOutlined />,
};
// Audit has its own icon when it is the system group's only entry a role sees.
export const AUDIT_ICON = <AuditOutlined />;

export type MenuEntry = { key: string; path: string; name: string; icon?: ReactNode; page: ConsoleRoute['page'] };
export type MenuSection = { key: string; name: string; icon: ReactNode; children: MenuEntry[] };

/** The menu a role sees: the routes with a menu place it may open, by MENU_GROUPS; empty groups left out. */
export function menuFor(role: OperatorRole, routes: readonly ConsoleRoute[]): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    key: `group:${group}`,
    name: appMessages.groups[group],
    icon: GROUP_ICONS[group],
    children: routes
      .filter((route) => route.menu?.group === group && mayOpen(role, route.page))
      .map((route) => ({
        key: `/${route.path}`,
        path: `/${route.path}`,
        name: route.title,
        icon: route.menu?.icon,
        page: route.page,
      })),
  })).filter((section) => section.children.length > 0);
}
