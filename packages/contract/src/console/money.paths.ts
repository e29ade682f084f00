import type { RoleGroup } from '../operator-access';

/** The console's money calls (issue 27): paths only, no schemas, like paths.ts. */
export const moneyConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const moneyConsoleAccess = {} as const satisfies Record<keyof typeof moneyConsoleApi, RoleGroup>;
