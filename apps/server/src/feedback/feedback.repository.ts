import { FEEDBACK_TREE_ID, type FeedbackStatus } from '@jinb/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** One feedback as stored, with its category's (zh-CN) name and its member's account joined in. */
export type FeedbackRow = {
  id: bigint;
  memberId: bigint;
  account: string;
  category: string;
  /** The dictionary's label, or the code when the operator has since removed the category. */
  categoryLabel: string;
  content: string;
  images: string[];
  status: FeedbackStatus;
  reply: string | null;
  replies: number;
  repliedAt: Date | null;
  repliedBy: bigint | null;
  closedAt: Date | null;
  closedBy: bigint | null;
  createdAt: Date;
};

type RawFeedback = {
  id: string;
  member_id: string;
  account: string;
  category: string;
  category_label: string;
  content: string;
  images: string[] | string;
  status: FeedbackStatus;
  reply: string | null;
  replies: number;
  replied_at: string | Date | null;
  replied_by: string | null;
  closed_at: string | Date | null;
  closed_by: string | null;
  created_at: string | Date;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

/** A text[] as either driver answers it: an array, or (a driver that does not parse it) its literal `{a,b}`. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((one) => one.replace(/^"|"$/g, ''));
}

function toFeedback(row: RawFeedback): FeedbackRow {
  return {
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    account: row.account,
    category: row.category,
    categoryLabel: row.category_label,
    content: row.content,
    images: textArray(row.images),
    status: row.status,
    reply: row.reply,
    replies: Number(row.replies),
    repliedAt: dateOrNull(row.replied_at),
    repliedBy: row.replied_by === null ? null : BigInt(row.replied_by),
    closedAt: dateOrNull(row.closed_at),
    closedBy: row.closed_by === null ? null : BigInt(row.closed_by),
    createdAt: new Date(row.created_at),
  };
}

const columns = sql`f.id::text, f.member_id::text, m.account, f.category,
  coalesce(c.label, f.category) as category_label, f.content, f.images, f.status, f.reply, f.replies, f.replied_at,
  f.replied_by::text, f.closed_at, f.closed_by::text, f.created_at`;
const from = sql`feedback f join members m on m.id = f.member_id
  left join config_tree c on c.parent_id = ${FEEDBACK_TREE_ID} and c.code = f.category`;

/** What an operator's list is narrowed to; empty fields do not narrow it. */
export type FeedbackFilter = {
  status?: FeedbackStatus;
  category?: string;
  memberId?: bigint;
  account?: string;
  /** Written at or after, and before. */
  since?: Date;
  until?: Date;
};

function where(filter: FeedbackFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status) parts.push(sql`f.status = ${filter.status}`);
  if (filter.category) parts.push(sql`f.category = ${filter.category}`);
  if (filter.memberId !== undefined) parts.push(sql`f.member_id = ${filter.memberId}`);
  if (filter.account) parts.push(sql`m.account = ${filter.account}`);
  if (filter.since) parts.push(sql`f.created_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.until) parts.push(sql`f.created_at < ${filter.until.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** SQL for feedback: members write and read their own, operators list, reply and close. */
export const feedbackRepository = {
  /** The category's label when `code` is one of dictionary 030's; undefined otherwise. */
  async categoryLabel(db: Executor, code: string): Promise<string | undefined> {
    const [row] = resultRows<{ label: string }>(
      await db.execute(sql`select label from config_tree where parent_id = ${FEEDBACK_TREE_ID} and code = ${code}`),
    );
    return row?.label;
  },

  /**
   * Holds the member's feedback slot until the transaction ends: parallel creates by one member queue here, so the
   * counts read next are the ones the insert is judged by.
   */
  async lockMember(tx: Executor, memberId: bigint): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${memberId}`}, 0))`);
  },

  /** How many of the member's are waiting for a reply, and how many they wrote since `since`. */
  async counts(db: Executor, memberId: bigint, since: Date): Promise<{ pending: number; since: number }> {
    const [row] = resultRows<{ pending: number; since: number }>(
      await db.execute(sql`select count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where created_at >= ${since.toISOString()}::timestamptz)::int as since
        from feedback where member_id = ${memberId}`),
    );
    return { pending: Number(row?.pending ?? 0), since: Number(row?.since ?? 0) };
  },

  async insert(
    tx: Executor,
    feedback: { memberId: bigint; category: string; content: string; images: string[] },
  ): Promise<bigint> {
    const [row] = resultRows<{ id: string }>(
      await tx.execute(sql`insert into feedback (member_id, category, content, images)
        values (${feedback.memberId}, ${feedback.category}, ${feedback.content},
          ${sql.param(feedback.images)}::text[])
        returning id::text`),
    );
    if (!row) throw new Error('feedback insert returned nothing');
    return BigInt(row.id);
  },

  /** One feedback; with `memberId`, only when it is that member's. */
  async one(db: Executor, id: bigint, memberId?: bigint): Promise<FeedbackRow | undefined> {
    const mine = memberId === undefined ? sql`` : sql` and f.member_id = ${memberId}`;
    const [row] = resultRows<RawFeedback>(
      await db.execute(sql`select ${columns} from ${from} where f.id = ${id}${mine}`),
    );
    return row && toFeedback(row);
  },

  /** The row locked for an operator's change; undefined when there is none. */
  async lock(tx: Executor, id: bigint): Promise<{ status: FeedbackStatus; memberId: bigint } | undefined> {
    const [row] = resultRows<{ status: FeedbackStatus; member_id: string }>(
      await tx.execute(sql`select status, member_id::text from feedback where id = ${id} for update`),
    );
    return row && { status: row.status, memberId: BigInt(row.member_id) };
  },

  /** A page, newest first, with the total: a member's own (`memberId`) or an operator's filtered list. */
  async page(
    db: Executor,
    filter: FeedbackFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: FeedbackRow[]; total: number }> {
    const condition = where(filter);
    const rows = resultRows<RawFeedback>(
      await db.execute(
        sql`select ${columns} from ${from} where ${condition} order by f.id desc offset ${offset} limit ${limit}`,
      ),
    ).map(toFeedback);
    const [count] = resultRows<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from ${from} where ${condition}`),
    );
    return { rows, total: Number(count?.total ?? 0) };
  },

  /** Writes (or replaces) the reply; answers how many replies it now has. */
  async reply(tx: Executor, id: bigint, content: string, operatorId: bigint): Promise<number> {
    const [row] = resultRows<{ replies: number }>(
      await tx.execute(sql`update feedback set status = 'replied', reply = ${content}, replies = replies + 1,
          replied_at = now(), replied_by = ${operatorId}
        where id = ${id} returning replies`),
    );
    return Number(row?.replies ?? 0);
  },

  async close(tx: Executor, id: bigint, operatorId: bigint): Promise<void> {
    await tx.execute(sql`update feedback set status = 'closed', closed_at = now(), closed_by = ${operatorId}
      where id = ${id}`);
  },
};
