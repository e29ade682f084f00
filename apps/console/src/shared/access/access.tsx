import { ENDPOINT_ACCESS, OPERATOR_ROLES, type OperatorRole, ROLE_GROUPS } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { createContext, type ReactNode, useCallback, useContext } from 'react';

/**
 * Who is signed in, as `adminMe` says, with the console's defaults for what an older server does not send yet:
 * 30 idle minutes, no second factor required.
 */
export type ConsoleOperator = Omit<Result<'adminMe'>, 'role'> & {
  role: OperatorRole;
  /** Minutes without input after which the console signs out. */
  idleMinutes: number;
  otp: { required: boolean; enrolled: boolean };
};

export const DEFAULT_IDLE_MINUTES = 30;

/** adminMe's answer as a ConsoleOperator; an unknown role gets the narrowest rights (none of the groups but anyone). */
export function toConsoleOperator(me: Result<'adminMe'>): ConsoleOperator {
  const extra = me as Record<string, unknown>;
  const otp = (extra.otp ?? {}) as { required?: unknown; enrolled?: unknown };
  const role = (OPERATOR_ROLES as readonly string[]).includes(me.role) ? (me.role as OperatorRole) : 'support';
  return {
    ...me,
    role,
    idleMinutes:
      typeof extra.idleMinutes === 'number' && extra.idleMinutes > 0 ? extra.idleMinutes : DEFAULT_IDLE_MINUTES,
    otp: { required: otp.required === true, enrolled: otp.enrolled === true },
  };
}

const OperatorContext = createContext<ConsoleOperator | null>(null);

export function OperatorProvider({ operator, children }: { operator: ConsoleOperator; children: ReactNode }) {
  return <OperatorContext.Provider value={operator}>{children}</OperatorContext.Provider>;
}

/** The signed-in operator; only inside the signed-in console (the layout provides it). */
export function useOperator(): ConsoleOperator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator outside the signed-in console');
  return operator;
}

/**
 * Whether `role` may make `call` (ENDPOINT_ACCESS, the table the server enforces). A call the table does not name
 * is treated as the admin's alone, so a forgotten line hides a button rather than showing one that fails.
 */
export function mayCall(role: OperatorRole, call: string): boolean {
  const group = ENDPOINT_ACCESS[call];
  const roles: readonly OperatorRole[] = group ? ROLE_GROUPS[group] : ['admin'];
  return roles.includes(role);
}

/** `(call) => boolean` for the signed-in operator. */
export function useCan(): (call: string) => boolean {
  const operator = useContext(OperatorContext);
  return useCallback((call: string) => (operator ? mayCall(operator.role, call) : false), [operator]);
}

/** Renders its children only when the signed-in operator may make `call` (else `fallback`, nothing by default). */
export function Can({ call, children, fallback = null }: { call: string; children: ReactNode; fallback?: ReactNode }) {
  const can = useCan();
  return <>{can(call) ? children : fallback}</>;
}
