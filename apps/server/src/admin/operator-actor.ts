import type { OperatorRole } from '@jinb/contract';
import { rolesOf } from '@jinb/contract';
import type { Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import { adminRepository } from './admin.repository';

export type Operator = {
  id: bigint;
  account: string;
  role: OperatorRole;
  /** The session this request came with (set by authenticate). */
  sessionId?: bigint;
  /** Their role needs a second factor they have not enrolled: only the enrolment calls are open (admin/README.md). */
  mustEnrol?: boolean;
};

/** An operator acting through one request: who, with which role, from where. Every operator action takes one first. */
export type OperatorActor = Operator & { ip: string };

/** Who may move money or change the money rules. */
export const MONEY_DESK: readonly OperatorRole[] = rolesOf('money');

/** Services check the role themselves, so a route that forgets its guard still cannot move money. */
export function assertRole(actor: OperatorActor, roles: readonly OperatorRole[]): void {
  if (!roles.includes(actor.role)) throw new AppError('FORBIDDEN');
}

/** The ledger's `actor` column for an operator's postings. */
export function actorLabel(actor: Pick<OperatorActor, 'id'>): string {
  return `operator:${actor.id}`;
}

/**
 * Writes the audit row with the caller's transaction: the action and its record commit together or not at all,
 * so a crash between them can no longer leave money moved and nothing written down.
 */
export function auditIn(tx: Executor, actor: OperatorActor, action: string, target: string, detail: unknown = {}) {
  return adminRepository.audit(tx, { operatorId: actor.id, action, target, detail, ip: actor.ip });
}
