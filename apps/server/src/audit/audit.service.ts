import { type AuditRow, parseDateTime, rolesOf } from '@jinb/contract';
import { assertRole, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { type AuditFilter, type AuditRecord, auditRepository } from './audit.repository';

export type AuditQuery = {
  page: number;
  pageSize: number;
  operator?: string;
  action?: string;
  member?: string;
  from?: string;
  to?: string;
};

/**
 * Actions whose detail is the whole state after the change (a settings object, a channel, an edited item): the row
 * before it of the same action and target holds the state before. Other actions record what they did (an amount, a
 * reason), or `before` and `after` themselves.
 */
export function recordsWholeState(action: string): boolean {
  return /\.(settings|update|categories|limits|channel|levels)$/.test(action);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a row shows: the writer's own before/after, else the previous state and this one, else only what it did. */
export function beforeAndAfter(record: Pick<AuditRecord, 'action' | 'detail' | 'previous'>): {
  before: unknown;
  after: unknown;
} {
  if (isObject(record.detail) && 'before' in record.detail && 'after' in record.detail)
    return { before: record.detail.before, after: record.detail.after };
  if (recordsWholeState(record.action)) return { before: record.previous ?? null, after: record.detail };
  return { before: null, after: record.detail };
}

/** The audit log's search for admins: by operator, action, member and time, newest first. */
export function createAuditService(deps: { db: Database; timeZone: string }) {
  const { db, timeZone } = deps;

  /** A wall-clock time of the platform's zone; a day alone as `to` means up to the end of that day. */
  function instant(text: string | undefined, end: boolean): Date | undefined {
    if (!text) return undefined;
    const dayOnly = text.length === 10;
    const parsed = parseDateTime(text, timeZone);
    if (!parsed) throw new AppError('DATE_INVALID');
    if (!end) return parsed;
    return dayOnly
      ? new Date(parseDateTime(`${text} 23:59:59`, timeZone)!.getTime() + 1000)
      : new Date(parsed.getTime() + 1000);
  }

  return {
    async search(actor: OperatorActor, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      assertRole(actor, rolesOf('admin'));
      const filter: AuditFilter = {
        operatorAccount: query.operator || undefined,
        action: query.action || undefined,
        since: instant(query.from, false),
        until: instant(query.to, true),
      };
      if (query.member) {
        const id = /^\d{1,19}$/.test(query.member)
          ? query.member
          : await auditRepository.memberIdByAccount(db, query.member);
        if (id === null) return { rows: [], total: 0 };
        filter.target = `member:${id}`;
      }
      const found = await auditRepository.search(
        db,
        filter,
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        recordsWholeState,
      );
      return {
        total: found.total,
        rows: found.rows.map((record) => ({
          id: record.id,
          at: record.createdAt.toISOString(),
          operatorId: record.operatorId,
          operatorAccount: record.operatorAccount,
          action: record.action,
          target: record.target,
          memberId: /^member:(\d+)$/.exec(record.target)?.[1] ?? null,
          ip: record.ip,
          ...beforeAndAfter(record),
        })),
      };
    },
  };
}
