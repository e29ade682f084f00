import type { RoleGroup } from '../operator-access';

/** The console's games calls (issue 27): paths only, no schemas, like paths.ts. */
export const gamesConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const gamesConsoleAccess = {} as const satisfies Record<keyof typeof gamesConsoleApi, RoleGroup>;
