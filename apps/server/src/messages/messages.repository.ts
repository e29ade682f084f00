import type { LocalizedTexts } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import type { TemplateKey, TemplateParams } from './message-templates';

/** One message as stored, with an operator send's texts joined in. */
export type MessageRow = {
  id: bigint;
  kind: 'system' | 'operator';
  template: string | null;
  params: TemplateParams;
  title: string;
  content: string;
  i18n: LocalizedTexts<'title' | 'content'>;
  read: boolean;
  createdAt: Date;
};

type RawMessage = {
  id: string;
  kind: 'system' | 'operator';
  template: string | null;
  params: TemplateParams | string | null;
  title: string;
  content: string;
  i18n: LocalizedTexts<'title' | 'content'> | string | null;
  read: boolean;
  created_at: string | Date;
};

const json = <T>(value: T | string | null, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toMessage(row: RawMessage): MessageRow {
  return {
    id: BigInt(row.id),
    kind: row.kind,
    template: row.template,
    params: json(row.params, {}),
    title: row.title,
    content: row.content,
    i18n: json(row.i18n, {}),
    read: Boolean(row.read),
    createdAt: new Date(row.created_at),
  };
}

const messageColumns = sql`m.id::text, m.kind, m.template, m.params, coalesce(s.title, m.title) as title,
  coalesce(s.content, m.content) as content, coalesce(s.i18n, m.i18n) as i18n, m.read_at is not null as read,
  m.created_at`;

/** A system message to write: the template renders it at read time; title/content keep the zh-CN text. */
export type SystemNote = {
  memberId: bigint;
  template: TemplateKey;
  params: TemplateParams;
  /** The event it belongs to: a second note with the same ref for the member writes nothing. */
  ref: string;
  title: string;
  content: string;
};

export type SendRow = {
  id: bigint;
  title: string;
  content: string;
  i18n: LocalizedTexts<'title' | 'content'>;
  audience: string;
  recipients: number;
  reads: number;
  operatorId: bigint;
  createdAt: Date;
  withdrawnAt: Date | null;
};

/** Audiences resolved to SQL: who an operator send reaches. */
export type Audience = { kind: 'all' } | { kind: 'level'; level: number } | { kind: 'members'; ids: bigint[] };

function audienceSql(audience: Audience) {
  switch (audience.kind) {
    case 'all':
      return sql`select id from members where status = 'active'`;
    case 'level':
      return sql`select id from members where status = 'active' and vip_level = ${audience.level}`;
    case 'members':
      return sql`select id from members
        where status = 'active' and id = any(${sql.param(audience.ids.map(String))}::bigint[])`;
  }
}

/** SQL for the inbox: members' messages, operator sends, the devices members signed in on. */
export const messagesRepository = {
  async page(
    db: Executor,
    memberId: bigint,
    offset: number,
    limit: number,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const rows = resultRows<RawMessage>(
      await db.execute(sql`select ${messageColumns} from messages m left join message_sends s on s.id = m.send_id
        where m.member_id = ${memberId} and m.deleted_at is null order by m.id desc offset ${offset} limit ${limit}`),
    ).map(toMessage);
    const [count] = resultRows<{ total: number }>(
      await db.execute(
        sql`select count(*)::int as total from messages where member_id = ${memberId} and deleted_at is null`,
      ),
    );
    return { rows, total: Number(count?.total ?? 0) };
  },

  async one(db: Executor, memberId: bigint, id: bigint): Promise<MessageRow | undefined> {
    const [row] = resultRows<RawMessage>(
      await db.execute(sql`select ${messageColumns} from messages m left join message_sends s on s.id = m.send_id
        where m.id = ${id} and m.member_id = ${memberId} and m.deleted_at is null`),
    );
    return row && toMessage(row);
  },

  async unread(db: Executor, memberId: bigint): Promise<number> {
    const [row] = resultRows<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from messages
        where member_id = ${memberId} and read_at is null and deleted_at is null`),
    );
    return Number(row?.count ?? 0);
  },

  /** The unread counts of these members (0 included), one query. */
  async unreadOf(db: Executor, memberIds: readonly bigint[]): Promise<Map<bigint, number>> {
    const rows = resultRows<{ member_id: string; count: number }>(
      await db.execute(sql`select u.id::text as member_id,
          (select count(*) from messages m where m.member_id = u.id and m.read_at is null and m.deleted_at is null)::int
            as count
        from unnest(${sql.param(memberIds.map(String))}::bigint[]) as u(id)`),
    );
    return new Map(rows.map((row) => [BigInt(row.member_id), Number(row.count)]));
  },

  /** Marks one of the member's messages read; `found` is false when it is not theirs or is gone. */
  async markRead(db: Executor, memberId: bigint, id: bigint): Promise<{ found: boolean; changed: boolean }> {
    const changed = resultRows(
      await db.execute(sql`update messages set read_at = now()
        where id = ${id} and member_id = ${memberId} and deleted_at is null and read_at is null returning id`),
    );
    if (changed.length > 0) return { found: true, changed: true };
    const exists = resultRows(
      await db.execute(sql`select 1 from messages where id = ${id} and member_id = ${memberId} and deleted_at is null`),
    );
    return { found: exists.length > 0, changed: false };
  },

  async markAllRead(db: Executor, memberId: bigint): Promise<number> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update messages set read_at = now()
        where member_id = ${memberId} and read_at is null and deleted_at is null returning id::text`),
    );
    return rows.length;
  },

  async remove(db: Executor, memberId: bigint, id: bigint): Promise<{ found: boolean; wasUnread: boolean }> {
    const [row] = resultRows<{ was_unread: boolean }>(
      await db.execute(sql`update messages set deleted_at = now()
        where id = ${id} and member_id = ${memberId} and deleted_at is null
        returning read_at is null as was_unread`),
    );
    return { found: Boolean(row), wasUnread: Boolean(row?.was_unread) };
  },

  /** System messages in one statement; a note whose (member, ref) exists writes nothing. Answers who got one. */
  async insertSystem(db: Executor, notes: readonly SystemNote[]): Promise<bigint[]> {
    if (notes.length === 0) return [];
    const rows = resultRows<{ member_id: string }>(
      await db.execute(sql`insert into messages (member_id, kind, template, params, ref, title, content)
        select m, 'system', t, p, r, ti, c from unnest(
          ${sql.param(notes.map((n) => String(n.memberId)))}::bigint[],
          ${sql.param(notes.map((n) => n.template))}::text[],
          ${sql.param(notes.map((n) => JSON.stringify(n.params)))}::jsonb[],
          ${sql.param(notes.map((n) => n.ref))}::text[],
          ${sql.param(notes.map((n) => n.title))}::text[],
          ${sql.param(notes.map((n) => n.content))}::text[]) as i(m, t, p, r, ti, c)
        on conflict (member_id, ref) where ref is not null do nothing
        returning member_id::text`),
    );
    return rows.map((row) => BigInt(row.member_id));
  },

  async insertSend(
    db: Executor,
    send: { title: string; content: string; i18n: LocalizedTexts; audience: string; operatorId: bigint },
  ): Promise<bigint> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into message_sends (title, content, i18n, audience, operator_id)
        values (${send.title}, ${send.content}, ${JSON.stringify(send.i18n)}::jsonb, ${send.audience}, ${send.operatorId})
        returning id::text`),
    );
    if (!row) throw new Error('message send insert returned nothing');
    return BigInt(row.id);
  },

  /**
   * Delivers a send: one INSERT ... SELECT over the audience (set-based, whatever its size), the recipients counted
   * on the send row. Answers the recipients' ids (the unread push needs them).
   */
  async deliver(db: Executor, sendId: bigint, audience: Audience, now: Date): Promise<bigint[]> {
    // A member with a time-out or self-exclusion in force gets no operator message (player protection, issue 26).
    const at = now.toISOString();
    const rows = resultRows<{ member_id: string }>(
      await db.execute(sql`insert into messages (member_id, kind, send_id, title, content)
        select a.id, 'operator', ${sendId}, '', '' from (${audienceSql(audience)}) as a
        where not exists (select 1 from member_exclusions x where x.member_id = a.id
          and x.starts_at <= ${at}::timestamptz and (x.ends_at is null or x.ends_at > ${at}::timestamptz))
        returning member_id::text`),
    );
    await db.execute(sql`update message_sends set recipients = ${rows.length} where id = ${sendId}`);
    return rows.map((row) => BigInt(row.member_id));
  },

  /** Takes a send out of every inbox; answers the members who had it unread (their count goes down). */
  async withdrawSend(db: Executor, sendId: bigint): Promise<{ found: boolean; unreadOf: bigint[] }> {
    const [send] = resultRows<{ id: string }>(
      await db.execute(sql`update message_sends set withdrawn_at = coalesce(withdrawn_at, now())
        where id = ${sendId} returning id::text`),
    );
    if (!send) return { found: false, unreadOf: [] };
    const rows = resultRows<{ member_id: string; unread: boolean }>(
      await db.execute(sql`update messages set deleted_at = now()
        where send_id = ${sendId} and deleted_at is null returning member_id::text, read_at is null as unread`),
    );
    return { found: true, unreadOf: rows.filter((row) => row.unread).map((row) => BigInt(row.member_id)) };
  },

  /** The newest sends, or the one send `id`. */
  async sends(db: Executor, limit: number, id?: bigint): Promise<SendRow[]> {
    const rows = resultRows<{
      id: string;
      title: string;
      content: string;
      i18n: LocalizedTexts<'title' | 'content'> | string | null;
      audience: string;
      recipients: number;
      reads: number;
      operator_id: string;
      created_at: string | Date;
      withdrawn_at: string | Date | null;
    }>(
      await db.execute(sql`select s.id::text, s.title, s.content, s.i18n, s.audience, s.recipients, s.operator_id::text,
          s.created_at, s.withdrawn_at,
          (select count(*) from messages m where m.send_id = s.id and m.read_at is not null)::int as reads
        from message_sends s ${id === undefined ? sql`` : sql`where s.id = ${id}`} order by s.id desc limit ${limit}`),
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      title: row.title,
      content: row.content,
      i18n: json(row.i18n, {}),
      audience: row.audience,
      recipients: Number(row.recipients),
      reads: Number(row.reads),
      operatorId: BigInt(row.operator_id),
      createdAt: new Date(row.created_at),
      withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at),
    }));
  },

  /**
   * Records the device; answers true when it is new for a member who had signed in on another before (their first
   * device is no news to anyone). An empty device id tells nothing and is not recorded.
   */
  async deviceIsNew(db: Executor, memberId: bigint, deviceNo: string): Promise<boolean> {
    if (!deviceNo) return false;
    const [row] = resultRows<{ inserted: boolean; others: boolean }>(
      await db.execute(sql`with added as (
          insert into member_devices (member_id, device_no) values (${memberId}, ${deviceNo.slice(0, 128)})
          on conflict do nothing returning 1)
        select exists (select 1 from added) as inserted,
          exists (select 1 from member_devices where member_id = ${memberId} and device_no <> ${deviceNo.slice(0, 128)})
            as others`),
    );
    return Boolean(row?.inserted && row.others);
  },
};
