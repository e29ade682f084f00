import type { RoleGroup } from '../operator-access';

/** The console's insight calls (issue 27): paths only, no schemas, like paths.ts. */
export const insightConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const insightConsoleAccess = {} as const satisfies Record<keyof typeof insightConsoleApi, RoleGroup>;
