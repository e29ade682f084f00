import type { ChatAuthor, ChatKind, ConversationStatus, Lang } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** Whose conversation: a member's or a chat guest's. Every member-side statement names it. */
export type Party = { kind: 'member'; id: bigint } | { kind: 'guest'; id: bigint };

export type ConversationRow = {
  id: bigint;
  memberId: bigint | null;
  guestId: bigint | null;
  status: ConversationStatus;
  lang: Lang;
  operatorId: bigint | null;
  queuedAt: Date | null;
  lastSeq: number;
  memberSeenSeq: number;
  agentSeenSeq: number;
  rating: number | null;
  comment: string | null;
  createdAt: Date;
  lastAt: Date;
  closedAt: Date | null;
};

/** A conversation with what the desk's rows show beside it. */
export type DeskRow = ConversationRow & { account: string | null; lastText: string; unread: number };

export type MessageRow = {
  id: bigint;
  conversationId: bigint;
  seq: number;
  author: ChatAuthor;
  operatorId: bigint | null;
  kind: ChatKind;
  text: string;
  image: string | null;
  clientId: string | null;
  article: { id: number; title: string; slug: string } | null;
  createdAt: Date;
};

export type NewMessage = {
  author: ChatAuthor;
  operatorId: bigint | null;
  kind: ChatKind;
  text: string;
  image: string | null;
  clientId: string | null;
  article: { id: number; title: string; slug: string } | null;
};

export type LeftMessageRow = {
  id: bigint;
  memberId: bigint;
  account: string;
  content: string;
  contact: string;
  reply: string | null;
  repliedBy: bigint | null;
  repliedAt: Date | null;
  createdAt: Date;
};

export type SettingsRow = { desk: boolean; openAt: string; closeAt: string };

type Raw = Record<string, unknown>;

const big = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(String(value)));
const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(String(value)));
const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

function toConversation(row: Raw): ConversationRow {
  return {
    id: BigInt(String(row.id)),
    memberId: big(row.member_id),
    guestId: big(row.guest_id),
    status: row.status as ConversationStatus,
    lang: row.lang as Lang,
    operatorId: big(row.operator_id),
    queuedAt: date(row.queued_at),
    lastSeq: Number(row.last_seq),
    memberSeenSeq: Number(row.member_seen_seq),
    agentSeenSeq: Number(row.agent_seen_seq),
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    comment: (row.comment as string | null) ?? null,
    createdAt: new Date(String(row.created_at)),
    lastAt: new Date(String(row.last_at)),
    closedAt: date(row.closed_at),
  };
}

function toDeskRow(row: Raw): DeskRow {
  return {
    ...toConversation(row),
    account: (row.account as string | null) ?? null,
    lastText: String(row.last_text ?? ''),
    unread: Number(row.unread ?? 0),
  };
}

function toMessage(row: Raw): MessageRow {
  return {
    id: BigInt(String(row.id)),
    conversationId: BigInt(String(row.conversation_id)),
    seq: Number(row.seq),
    author: row.author as ChatAuthor,
    operatorId: big(row.operator_id),
    kind: row.kind as ChatKind,
    text: String(row.text),
    image: (row.image as string | null) ?? null,
    clientId: (row.client_id as string | null) ?? null,
    article: json(row.article),
    createdAt: new Date(String(row.created_at)),
  };
}

function toLeft(row: Raw): LeftMessageRow {
  return {
    id: BigInt(String(row.id)),
    memberId: BigInt(String(row.member_id)),
    account: String(row.account ?? ''),
    content: String(row.content),
    contact: String(row.contact),
    reply: (row.reply as string | null) ?? null,
    repliedBy: big(row.replied_by),
    repliedAt: date(row.replied_at),
    createdAt: new Date(String(row.created_at)),
  };
}

const partyColumn = (party: Party) => (party.kind === 'member' ? sql`member_id` : sql`guest_id`);

const conversationColumns = sql`c.id::text, c.member_id::text, c.guest_id::text, c.status, c.lang,
  c.operator_id::text, c.queued_at, c.last_seq, c.member_seen_seq, c.agent_seen_seq, c.rating, c.comment,
  c.created_at, c.last_at, c.closed_at`;

/** A desk row: the conversation, the member's account, its newest message and the member's unread messages. */
const deskSelect = sql`select ${conversationColumns}, m.account,
    coalesce((select case when x.kind = 'image' then '[图片]' else x.text end from support_messages x
      where x.conversation_id = c.id order by x.seq desc limit 1), '') as last_text,
    (select count(*) from support_messages x
      where x.conversation_id = c.id and x.author = 'member' and x.seq > c.agent_seen_seq)::int as unread
  from support_conversations c left join members m on m.id = c.member_id`;

const messageColumns = sql`id::text, conversation_id::text, seq, author, operator_id::text, kind, text, image,
  client_id, article, created_at`;

/** All SQL of the chat: guests, conversations, messages, canned replies, settings, left messages, presence. */
export const supportRepository = {
  /** The guest of a device id, made on first use (the same device always gets the same guest). */
  async guestFor(db: Executor, deviceNo: string): Promise<bigint> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into support_guests (device_no) values (${deviceNo})
        on conflict (device_no) do update set device_no = excluded.device_no returning id::text`),
    );
    if (!row) throw new Error('guest insert returned nothing');
    return BigInt(row.id);
  },

  /** The party's conversation that is not closed, if any. */
  async live(db: Executor, party: Party): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${conversationColumns} from support_conversations c
        where c.${partyColumn(party)} = ${party.id} and c.status <> 'closed'`),
    );
    return row && toConversation(row);
  },

  /** The party's newest conversation, whatever its status. */
  async latest(db: Executor, party: Party): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${conversationColumns} from support_conversations c
        where c.${partyColumn(party)} = ${party.id} order by c.id desc limit 1`),
    );
    return row && toConversation(row);
  },

  /** One of the party's conversations; another party's is simply not there. */
  async ofParty(db: Executor, party: Party, id: bigint): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${conversationColumns} from support_conversations c
        where c.id = ${id} and c.${partyColumn(party)} = ${party.id}`),
    );
    return row && toConversation(row);
  },

  /**
   * Opens a conversation for the party unless one is live: the partial unique index decides between parallel
   * opens (the loser's insert does nothing and it reads the winner's). Answers the live one either way.
   */
  async openFor(db: Executor, party: Party, lang: Lang): Promise<ConversationRow> {
    const column = partyColumn(party);
    await db.execute(sql`insert into support_conversations (${column}, lang) values (${party.id}, ${lang})
      on conflict (${column}) where ${column} is not null and status <> 'closed' do nothing`);
    const live = await supportRepository.live(db, party);
    if (!live) throw new Error('a conversation was opened and is gone');
    return live;
  },

  /** The conversation's row, locked until the transaction ends: every write to it takes this first. */
  async lock(db: Executor, id: bigint): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${conversationColumns} from support_conversations c where c.id = ${id} for update`),
    );
    return row && toConversation(row);
  },

  async byId(db: Executor, id: bigint): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${conversationColumns} from support_conversations c where c.id = ${id}`),
    );
    return row && toConversation(row);
  },

  async messageByClientId(db: Executor, conversationId: bigint, clientId: string): Promise<MessageRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${messageColumns} from support_messages
        where conversation_id = ${conversationId} and client_id = ${clientId}`),
    );
    return row && toMessage(row);
  },

  async messageBySeq(db: Executor, conversationId: bigint, seq: number): Promise<MessageRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select ${messageColumns} from support_messages
        where conversation_id = ${conversationId} and seq = ${seq}`),
    );
    return row && toMessage(row);
  },

  /**
   * Appends a message under the conversation's lock (the caller took it with `lock`): the next seq and the row in
   * one statement, so the number is taken only if the message is stored.
   */
  async append(db: Executor, conversationId: bigint, message: NewMessage): Promise<MessageRow> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`with bumped as (
          update support_conversations set last_seq = last_seq + 1, last_at = now()
          where id = ${conversationId} returning last_seq)
        insert into support_messages (conversation_id, seq, author, operator_id, kind, text, image, client_id, article)
        select ${conversationId}, bumped.last_seq, ${message.author}, ${message.operatorId}, ${message.kind},
          ${message.text}, ${message.image}, ${message.clientId},
          ${message.article === null ? null : JSON.stringify(message.article)}::jsonb
        from bumped
        returning ${messageColumns}`),
    );
    if (!row) throw new Error('message insert returned nothing');
    return toMessage(row);
  },

  /** A page of messages, oldest first: after a seq, before one, or the newest. `more` says a page lies beyond. */
  async messages(
    db: Executor,
    conversationId: bigint,
    page: { after?: number; before?: number; limit: number },
  ): Promise<{ rows: MessageRow[]; more: boolean }> {
    const take = page.limit + 1;
    if (page.after !== undefined) {
      const rows = resultRows<Raw>(
        await db.execute(sql`select ${messageColumns} from support_messages
          where conversation_id = ${conversationId} and seq > ${page.after}
          ${page.before !== undefined ? sql`and seq < ${page.before}` : sql``}
          order by seq limit ${take}`),
      ).map(toMessage);
      return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
    }
    const rows = resultRows<Raw>(
      await db.execute(sql`select ${messageColumns} from support_messages
        where conversation_id = ${conversationId}
        ${page.before !== undefined ? sql`and seq < ${page.before}` : sql``}
        order by seq desc limit ${take}`),
    ).map(toMessage);
    return { rows: rows.slice(0, page.limit).reverse(), more: rows.length > page.limit };
  },

  /** The member asked for a human: into the queue (once; a conversation with an agent stays with them). */
  async queue(db: Executor, id: bigint): Promise<boolean> {
    const rows = resultRows(
      await db.execute(sql`update support_conversations set queued_at = now()
        where id = ${id} and status = 'waiting' and queued_at is null returning id`),
    );
    return rows.length > 0;
  },

  async memberSeen(db: Executor, id: bigint, seq: number): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`update support_conversations c
        set member_seen_seq = greatest(member_seen_seq, least(${seq}::int, last_seq))
        where c.id = ${id} returning ${conversationColumns}`),
    );
    return row && toConversation(row);
  },

  async agentSeen(db: Executor, id: bigint, seq: number): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`update support_conversations c
        set agent_seen_seq = greatest(agent_seen_seq, least(${seq}::int, last_seq))
        where c.id = ${id} returning ${conversationColumns}`),
    );
    return row && toConversation(row);
  },

  /** Rates a closed conversation of the party's, once: a second rating changes nothing and answers undefined. */
  async rate(
    db: Executor,
    party: Party,
    id: bigint,
    score: number,
    comment: string,
  ): Promise<ConversationRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`update support_conversations c set rating = ${score}, comment = ${comment}, rated_at = now()
        where c.id = ${id} and c.${partyColumn(party)} = ${party.id} and c.status = 'closed' and c.rating is null
        returning ${conversationColumns}`),
    );
    return row && toConversation(row);
  },

  // --- the desk ----------------------------------------------------------------------------------------------

  /** In the queue, oldest first, and the agent's own open ones, newest activity first. */
  async deskQueue(db: Executor, operatorId: bigint): Promise<{ waiting: DeskRow[]; mine: DeskRow[] }> {
    const waiting = resultRows<Raw>(
      await db.execute(sql`${deskSelect} where c.status = 'waiting' and c.queued_at is not null
        order by c.queued_at limit 200`),
    ).map(toDeskRow);
    const mine = resultRows<Raw>(
      await db.execute(sql`${deskSelect} where c.status = 'open' and c.operator_id = ${operatorId}
        order by c.last_at desc limit 200`),
    ).map(toDeskRow);
    return { waiting, mine };
  },

  async deskRow(db: Executor, id: bigint): Promise<DeskRow | undefined> {
    const [row] = resultRows<Raw>(await db.execute(sql`${deskSelect} where c.id = ${id}`));
    return row && toDeskRow(row);
  },

  /** Only a waiting conversation can be taken: of two agents at once, the second finds it open and gets nothing. */
  async take(db: Executor, id: bigint, operatorId: bigint): Promise<boolean> {
    const rows = resultRows(
      await db.execute(sql`update support_conversations set status = 'open', operator_id = ${operatorId},
          taken_at = now(), queued_at = coalesce(queued_at, now())
        where id = ${id} and status = 'waiting' returning id`),
    );
    return rows.length > 0;
  },

  async assign(db: Executor, id: bigint, operatorId: bigint): Promise<void> {
    await db.execute(sql`update support_conversations set operator_id = ${operatorId} where id = ${id}`);
  },

  async close(db: Executor, id: bigint): Promise<void> {
    await db.execute(sql`update support_conversations set status = 'closed', closed_at = now()
      where id = ${id} and status <> 'closed'`);
  },

  /** An operator who may answer chat: active, with the support or admin role. */
  async agent(db: Executor, operatorId: bigint): Promise<{ id: bigint; account: string; role: string } | undefined> {
    const [row] = resultRows<{ id: string; account: string; role: string }>(
      await db.execute(sql`select id::text, account, role from operators
        where id = ${operatorId} and status = 'active' and role in ('support', 'admin')`),
    );
    return row && { id: BigInt(row.id), account: row.account, role: row.role };
  },

  /** Every agent with whether a desk socket of theirs is fresh anywhere, and their open conversations. */
  async agents(db: Executor, freshS: number) {
    return resultRows<{ id: string; account: string; role: string; online: boolean; open: number }>(
      await db.execute(sql`select o.id::text, o.account, o.role,
          exists (select 1 from support_presence p where p.operator_id = o.id
            and p.seen_at > now() - make_interval(secs => ${freshS})) as online,
          (select count(*) from support_conversations c where c.operator_id = o.id and c.status = 'open')::int as open
        from operators o where o.status = 'active' and o.role in ('support', 'admin') order by o.id`),
    ).map((row) => ({ ...row, online: Boolean(row.online), open: Number(row.open) }));
  },

  async anyAgentOnline(db: Executor, freshS: number): Promise<boolean> {
    const [row] = resultRows<{ online: boolean }>(
      await db.execute(sql`select exists (select 1 from support_presence p join operators o on o.id = p.operator_id
          where o.status = 'active' and o.role in ('support', 'admin')
          and p.seen_at > now() - make_interval(secs => ${freshS})) as online`),
    );
    return Boolean(row?.online);
  },

  async present(db: Executor, operatorIds: readonly bigint[], process: string): Promise<void> {
    if (operatorIds.length === 0) return;
    await db.execute(sql`insert into support_presence (operator_id, process, seen_at)
      select unnest(${sql.param(operatorIds.map(String))}::bigint[]), ${process}, now()
      on conflict (operator_id, process) do update set seen_at = now()`);
  },

  async absent(db: Executor, operatorId: bigint, process: string): Promise<void> {
    await db.execute(sql`delete from support_presence where operator_id = ${operatorId} and process = ${process}`);
  },

  async absentAll(db: Executor, process: string): Promise<void> {
    await db.execute(sql`delete from support_presence where process = ${process}`);
  },

  // --- canned replies and settings ---------------------------------------------------------------------------

  async canned(db: Executor) {
    return resultRows<{ id: string; title: string; text: string }>(
      await db.execute(sql`select id::text, title, text from support_canned order by position, id`),
    );
  },

  async replaceCanned(db: Executor, replies: ReadonlyArray<{ title: string; text: string }>): Promise<void> {
    await db.execute(sql`delete from support_canned`);
    if (replies.length === 0) return;
    await db.execute(sql`insert into support_canned (position, title, text)
      select ordinality, t, x from unnest(
        ${sql.param(replies.map((reply) => reply.title))}::text[],
        ${sql.param(replies.map((reply) => reply.text))}::text[]) with ordinality as i(t, x, ordinality)`);
  },

  async settings(db: Executor): Promise<SettingsRow> {
    const [row] = resultRows<{ desk: boolean; open_at: string; close_at: string }>(
      await db.execute(sql`select desk, open_at, close_at from support_settings where id`),
    );
    return row
      ? { desk: Boolean(row.desk), openAt: row.open_at, closeAt: row.close_at }
      : { desk: false, openAt: '09:00', closeAt: '21:00' };
  },

  async saveSettings(db: Executor, value: SettingsRow): Promise<void> {
    await db.execute(sql`insert into support_settings (id, desk, open_at, close_at, settled, updated_at)
      values (true, ${value.desk}, ${value.openAt}, ${value.closeAt}, true, now())
      on conflict (id) do update set desk = excluded.desk, open_at = excluded.open_at,
        close_at = excluded.close_at, settled = true, updated_at = now()`);
  },

  /** The settings a first demo start sets, unless an operator (or an earlier start) already set them. */
  async settleOnce(db: Executor, value: SettingsRow): Promise<void> {
    await db.execute(sql`update support_settings set desk = ${value.desk}, open_at = ${value.openAt},
      close_at = ${value.closeAt}, settled = true, updated_at = now() where id and not settled`);
  },

  // --- left messages -----------------------------------------------------------------------------------------

  async leave(db: Executor, memberId: bigint, content: string, contact: string): Promise<LeftMessageRow> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`insert into support_left_messages (member_id, content, contact)
        values (${memberId}, ${content}, ${contact})
        returning id::text, member_id::text, '' as account, content, contact, reply, replied_by::text, replied_at,
          created_at`),
    );
    if (!row) throw new Error('left message insert returned nothing');
    return toLeft(row);
  },

  async leftOf(db: Executor, memberId: bigint): Promise<LeftMessageRow[]> {
    return resultRows<Raw>(
      await db.execute(sql`select l.id::text, l.member_id::text, '' as account, l.content, l.contact, l.reply,
          l.replied_by::text, l.replied_at, l.created_at
        from support_left_messages l where l.member_id = ${memberId} order by l.id desc limit 50`),
    ).map(toLeft);
  },

  async leftMessages(db: Executor, status: 'pending' | 'replied' | undefined): Promise<LeftMessageRow[]> {
    const filter =
      status === 'pending' ? sql`where l.reply is null` : status === 'replied' ? sql`where l.reply is not null` : sql``;
    return resultRows<Raw>(
      await db.execute(sql`select l.id::text, l.member_id::text, m.account, l.content, l.contact, l.reply,
          l.replied_by::text, l.replied_at, l.created_at
        from support_left_messages l join members m on m.id = l.member_id ${filter}
        order by l.id desc limit 200`),
    ).map(toLeft);
  },

  /** Replies once: a second reply (two agents at once) finds it answered and changes nothing. */
  async reply(db: Executor, id: bigint, reply: string, operatorId: bigint): Promise<LeftMessageRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`update support_left_messages l set reply = ${reply}, replied_by = ${operatorId},
          replied_at = now()
        from members m where l.id = ${id} and l.reply is null and m.id = l.member_id
        returning l.id::text, l.member_id::text, m.account, l.content, l.contact, l.reply, l.replied_by::text,
          l.replied_at, l.created_at`),
    );
    return row && toLeft(row);
  },

  async leftMessage(db: Executor, id: bigint): Promise<LeftMessageRow | undefined> {
    const [row] = resultRows<Raw>(
      await db.execute(sql`select l.id::text, l.member_id::text, m.account, l.content, l.contact, l.reply,
          l.replied_by::text, l.replied_at, l.created_at
        from support_left_messages l join members m on m.id = l.member_id where l.id = ${id}`),
    );
    return row && toLeft(row);
  },
};
