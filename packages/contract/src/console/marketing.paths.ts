import type { RoleGroup } from '../operator-access';

/** The console's marketing calls (issue 27): paths only, no schemas, like paths.ts. */
export const marketingConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const marketingConsoleAccess = {} as const satisfies Record<keyof typeof marketingConsoleApi, RoleGroup>;
