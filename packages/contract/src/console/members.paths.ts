import type { RoleGroup } from '../operator-access';

/** The console's members calls (issue 27): paths only, no schemas, like paths.ts. */
export const membersConsoleApi = {} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const membersConsoleAccess = {} as const satisfies Record<keyof typeof membersConsoleApi, RoleGroup>;
