import type { RoleGroup } from '../operator-access';

/** The console's operators calls (issue 27): paths only, no schemas, like paths.ts. */
export const operatorsConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const operatorsConsoleAccess = {} as const satisfies Record<keyof typeof operatorsConsoleApi, RoleGroup>;
