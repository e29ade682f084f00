import { gamesConsoleAccess } from './console/games.paths';
import { insightConsoleAccess } from './console/insight.paths';
import { marketingConsoleAccess } from './console/marketing.paths';
import { membersConsoleAccess } from './console/members.paths';
import { moneyConsoleAccess } from './console/money.paths';
import { operatorsConsoleAccess } from './console/operators.paths';
import type { RoleGroup } from './operator-access';

/**
 * Who may make each operator call: the role group of every `/api/admin/...` call, the calls that existed before the
 * console and the console's own (whose lines live beside their paths in console/*.paths.ts). Schema-free.
 */
export const ENDPOINT_ACCESS: Record<string, RoleGroup> = {
  ...operatorsConsoleAccess,
  ...insightConsoleAccess,
  ...membersConsoleAccess,
  ...moneyConsoleAccess,
  ...gamesConsoleAccess,
  ...marketingConsoleAccess,
};
