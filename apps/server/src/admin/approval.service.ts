import type { ApprovalDeskQuery, ApprovalView, OperatorRole } from '@jinb/contract';
import type { Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import { type ApprovalRow, approvalRepository } from './approval.repository';
import { assertRole, auditIn, type OperatorActor } from './operator-actor';

/**
 * Carries out an approved request inside the approval's transaction. `payload` is exactly what the requester asked
 * for; the approver is the actor, so the money moves under their name and the request's.
 */
export type ApprovalExecutor = {
  /** Who may approve (and so carry out) this kind of request. */
  roles: readonly OperatorRole[];
  run(tx: Executor, approver: OperatorActor, request: ApprovalRow): Promise<unknown>;
};

export type { ApprovalView };

export function toApprovalView(row: ApprovalRow): ApprovalView {
  return {
    id: row.id.toString(),
    action: row.action,
    target: row.target,
    payload: row.payload,
    status: row.status as ApprovalView['status'],
    requestedBy: row.requestedBy.toString(),
    decidedBy: row.decidedBy?.toString() ?? null,
    reason: row.reason,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;

/**
 * Four eyes on the actions one operator must not take alone. A request is stored with everything needed to act;
 * a second operator approves it (which runs the action, once, in the same transaction as the decision and its audit
 * row) or rejects it. The database itself refuses a decision by the requester.
 */
export function createApprovalService(deps: {
  db: Executor;
  /** The money transaction runner (retries deadlocks and dropped connections). */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  /** A request approved or rejected, after the commit (the money desk's live queue, issue 27). */
  decided: (approval: ApprovalView) => void;
}) {
  const executors = new Map<string, ApprovalExecutor>();

  async function lockPending(tx: Executor, actor: OperatorActor, id: bigint) {
    const row = await approvalRepository.lock(tx, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('APPROVAL_DECIDED');
    if (row.requestedBy === actor.id) throw new AppError('APPROVAL_SELF');
    const executor = executors.get(row.action);
    if (!executor) throw new Error(`no executor registered for approval action ${row.action}`);
    assertRole(actor, executor.roles);
    return { row, executor };
  }

  return {
    register(action: string, executor: ApprovalExecutor) {
      executors.set(action, executor);
    },

    /** Files a request inside the caller's transaction (with its audit row); replaying the same key files nothing new. */
    async request(
      tx: Executor,
      actor: OperatorActor,
      input: { action: string; key: string; target: string; payload: Record<string, unknown> },
    ): Promise<ApprovalView> {
      if (!executors.has(input.action)) throw new Error(`no executor registered for approval action ${input.action}`);
      const { row, created } = await approvalRepository.insertOnce(tx, {
        action: input.action,
        requestKey: input.key,
        target: input.target,
        payload: input.payload,
        requestedBy: actor.id,
      });
      if (created)
        await auditIn(tx, actor, 'approval.request', `approval:${row.id}`, { action: input.action, ...input.payload });
      return toApprovalView(row);
    },

    async approve(actor: OperatorActor, id: bigint): Promise<ApprovalView> {
      const approved = await deps.transaction(async (tx) => {
        const { row, executor } = await lockPending(tx, actor, id);
        const result = await executor.run(tx, actor, row);
        const decided = await approvalRepository.decide(tx, id, {
          status: 'approved',
          decidedBy: actor.id,
          reason: '',
          result,
        });
        await auditIn(tx, actor, 'approval.approve', `approval:${id}`, { action: row.action, result });
        return toApprovalView(decided);
      });
      deps.decided(approved);
      return approved;
    },

    async reject(actor: OperatorActor, id: bigint, reason: string): Promise<ApprovalView> {
      const rejected = await deps.transaction(async (tx) => {
        const { row } = await lockPending(tx, actor, id);
        const decided = await approvalRepository.decide(tx, id, {
          status: 'rejected',
          decidedBy: actor.id,
          reason,
          result: null,
        });
        await auditIn(tx, actor, 'approval.reject', `approval:${id}`, { action: row.action, reason });
        return toApprovalView(decided);
      });
      deps.decided(rejected);
      return rejected;
    },

    /** The kinds of request a second operator decides (one per registered executor). */
    kinds(): string[] {
      return [...executors.keys()];
    },

    /** The requests by the console's filters, one page and the total, newest first by default. */
    async list(query: ApprovalDeskQuery) {
      const page = await approvalRepository.page(deps.db, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        descending: query.sort !== 'createdAt',
        status: query.status,
        action: query.action,
        account: query.account,
        requestedBy: query.requestedBy ? BigInt(query.requestedBy) : null,
        from: query.from ? new Date(query.from) : null,
        to: query.to ? new Date(query.to) : null,
      });
      return { rows: page.rows.map(toApprovalView), total: page.total };
    },
  };
}
