import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type AuditFilter = {
  operatorAccount?: string;
  /** Exact action, or a prefix ending in a dot. */
  action?: string;
  /** `member:<id>`: the target the member's actions are written with. */
  target?: string;
  since?: Date;
  until?: Date;
};

export type AuditRecord = {
  id: string;
  createdAt: Date;
  operatorId: string | null;
  operatorAccount: string | null;
  action: string;
  target: string;
  ip: string;
  detail: unknown;
  /** The detail of the previous row of the same action and target, for the actions that record a whole state. */
  previous: unknown;
};

/** LIKE's wildcards in an operator's text are plain characters. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.operatorAccount) parts.push(sql`lower(o.account) = lower(${filter.operatorAccount})`);
  if (filter.action)
    parts.push(
      filter.action.endsWith('.') ? sql`a.action like ${likePrefix(filter.action)}` : sql`a.action = ${filter.action}`,
    );
  if (filter.target) parts.push(sql`a.target = ${filter.target}`);
  if (filter.since) parts.push(sql`a.created_at >= ${filter.since.toISOString()}`);
  if (filter.until) parts.push(sql`a.created_at < ${filter.until.toISOString()}`);
  return sql.join(parts, sql` and `);
}

/**
 * Reads the audit log the operator services write (admin/operator-actor.ts auditIn, in the action's transaction).
 * Newest first over audit_log_created_idx; a page's rows only look up their previous state.
 */
export const auditRepository = {
  async search(
    db: Executor,
    filter: AuditFilter,
    page: { limit: number; offset: number },
    snapshotActions: (action: string) => boolean,
  ): Promise<{ rows: AuditRecord[]; total: number }> {
    const where = whereOf(filter);
    const [counted] = resultRows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from audit_log a left join operators o on o.id = a.operator_id where ${where}`),
    );
    const rows = resultRows<{
      id: string | number;
      created_at: Date | string;
      operator_id: string | number | null;
      account: string | null;
      action: string;
      target: string;
      ip: string;
      detail: unknown;
    }>(
      await db.execute(sql`
        select a.id::text as id, a.created_at, a.operator_id::text as operator_id, o.account, a.action, a.target, a.ip,
          a.detail
        from audit_log a left join operators o on o.id = a.operator_id
        where ${where}
        order by a.created_at desc, a.id desc
        limit ${page.limit} offset ${page.offset}`),
    );
    const records: AuditRecord[] = [];
    for (const row of rows) {
      let previous: unknown = null;
      if (snapshotActions(row.action)) {
        const [before] = resultRows<{ detail: unknown }>(
          await db.execute(sql`
            select detail from audit_log
            where action = ${row.action} and target = ${row.target} and id < ${String(row.id)}
            order by id desc limit 1`),
        );
        previous = before?.detail ?? null;
      }
      records.push({
        id: String(row.id),
        createdAt: new Date(row.created_at),
        operatorId: row.operator_id === null ? null : String(row.operator_id),
        operatorAccount: row.account,
        action: row.action,
        target: row.target,
        ip: row.ip,
        detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail,
        previous: typeof previous === 'string' ? JSON.parse(previous) : previous,
      });
    }
    return { rows: records, total: Number(counted?.n ?? 0) };
  },

  /** A member's id by account (stored lower-case). */
  async memberIdByAccount(db: Executor, account: string): Promise<string | null> {
    const [row] = resultRows<{ id: string | number }>(
      await db.execute(sql`select id::text as id from members where account = ${account.toLowerCase()}`),
    );
    return row ? String(row.id) : null;
  },
};
