import { agentsRoutes } from '../features/agents/routes';
import { auditRoutes } from '../features/audit/routes';
import { casinoRoutes } from '../features/casino/routes';
import { contentRoutes } from '../features/content/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { membersRoutes } from '../features/members/routes';
import { moneyRoutes } from '../features/money/routes';
import { operatorsRoutes } from '../features/operators/routes';
import { reportsRoutes } from '../features/reports/routes';
import { rewardsRoutes } from '../features/rewards/routes';
import { securityRoutes } from '../features/security/routes';
import { supportRoutes } from '../features/support/routes';
import { tradingRoutes } from '../features/trading/routes';
import type { ConsoleRoute } from './console-route';

/** Every page of the console, in menu order within each group (the groups' order is MENU_GROUPS'). */
export const consoleRoutes: readonly ConsoleRoute[] = [
  ...dashboardRoutes,
  ...membersRoutes,
  ...moneyRoutes,
  ...tradingRoutes,
  ...casinoRoutes,
  ...rewardsRoutes,
  ...contentRoutes,
  ...agentsRoutes,
  ...supportRoutes,
  ...reportsRoutes,
  ...auditRoutes,
  ...operatorsRoutes,
  ...securityRoutes,
];
