import type { AdminTaskInput, LocalizedTexts, TaskCondition, TaskKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import type { Span } from '../rewards/member-activity.repository';

export type TemplateRow = {
  id: bigint;
  kind: TaskKind;
  condition: TaskCondition;
  category: string;
  title: string;
  description: string;
  target: bigint;
  reward: bigint;
  multiple: number;
  points: number;
  sort: number;
  active: boolean;
  newbieDays: number;
  updatedAt: Date;
  /** Title and description in the other languages (issue 24). */
  i18n: LocalizedTexts<'title' | 'description'>;
};

type RawTemplate = {
  id: string;
  kind: TaskKind;
  condition: TaskCondition;
  category: string;
  title: string;
  description: string;
  target: string;
  reward: string;
  multiple: number;
  points: number;
  sort: number;
  active: boolean;
  newbie_days: number;
  updated_at: string | Date;
  i18n: LocalizedTexts<'title' | 'description'> | string | null;
};

const templateColumns = sql`id::text, kind, condition, category, title, description, target::text, reward::text,
  multiple, points, sort, active, newbie_days, updated_at, i18n`;

function toTemplate(row: RawTemplate): TemplateRow {
  return {
    id: BigInt(row.id),
    kind: row.kind,
    condition: row.condition,
    category: row.category,
    title: row.title,
    description: row.description,
    target: BigInt(row.target),
    reward: BigInt(row.reward),
    multiple: Number(row.multiple),
    points: Number(row.points),
    sort: Number(row.sort),
    active: Boolean(row.active),
    newbieDays: Number(row.newbie_days),
    updatedAt: new Date(row.updated_at),
    i18n: (typeof row.i18n === 'string' ? JSON.parse(row.i18n) : row.i18n) ?? {},
  };
}

export type ChestRow = { id: bigint; threshold: number; reward: bigint; multiple: number };

/** What a member has that the account tasks read: the member row and the cards. */
export type MemberFacts = { createdAt: Date; phone: boolean; withdrawPassword: boolean; cards: number };

function inSpan(column: string, span: Span) {
  return sql`${span.start ? sql`and ${sql.raw(column)} >= ${span.start.toISOString()}::timestamptz` : sql``}
    ${span.end ? sql`and ${sql.raw(column)} < ${span.end.toISOString()}::timestamptz` : sql``}`;
}

/** SQL for the task templates, chests, sign-ins and what members claimed. */
export const tasksRepository = {
  async templates(db: Executor, options: { activeOnly: boolean }): Promise<TemplateRow[]> {
    const rows = resultRows<RawTemplate>(
      await db.execute(sql`select ${templateColumns} from task_templates
        ${options.activeOnly ? sql`where active` : sql``} order by sort, id`),
    );
    return rows.map(toTemplate);
  },

  async template(db: Executor, id: bigint): Promise<TemplateRow | undefined> {
    const [row] = resultRows<RawTemplate>(
      await db.execute(sql`select ${templateColumns} from task_templates where id = ${id}`),
    );
    return row ? toTemplate(row) : undefined;
  },

  async insertTemplate(db: Executor, input: AdminTaskInput): Promise<TemplateRow> {
    const [row] = resultRows<RawTemplate>(
      await db.execute(sql`insert into task_templates
          (kind, condition, category, title, description, target, reward, multiple, points, sort, active, newbie_days,
          i18n)
        values (${input.kind}, ${input.condition}, ${input.category}, ${input.title}, ${input.description},
          ${input.target}, ${input.reward}, ${input.multiple}, ${input.points}, ${input.sort}, ${input.active},
          ${input.newbieDays}, ${JSON.stringify(input.i18n)}::jsonb)
        returning ${templateColumns}`),
    );
    return toTemplate(row as RawTemplate);
  },

  async updateTemplate(db: Executor, id: bigint, input: AdminTaskInput): Promise<TemplateRow | undefined> {
    const [row] = resultRows<RawTemplate>(
      await db.execute(sql`update task_templates set kind = ${input.kind}, condition = ${input.condition},
          category = ${input.category}, title = ${input.title}, description = ${input.description},
          target = ${input.target}, reward = ${input.reward}, multiple = ${input.multiple}, points = ${input.points},
          sort = ${input.sort}, active = ${input.active}, newbie_days = ${input.newbieDays},
          i18n = ${JSON.stringify(input.i18n)}::jsonb, updated_at = now()
        where id = ${id} returning ${templateColumns}`),
    );
    return row ? toTemplate(row) : undefined;
  },

  async chests(db: Executor): Promise<ChestRow[]> {
    const rows = resultRows<{ id: string; threshold: number; reward: string; multiple: number }>(
      await db.execute(sql`select id::text, threshold, reward::text, multiple from task_chests
        where active order by threshold`),
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      threshold: Number(row.threshold),
      reward: BigInt(row.reward),
      multiple: Number(row.multiple),
    }));
  },

  /** Replaces the chests: the ones no longer listed are switched off (opened chests keep their threshold). */
  async replaceChests(db: Executor, chests: ReadonlyArray<{ threshold: number; reward: bigint; multiple: number }>) {
    await db.execute(sql`update task_chests set active = false`);
    for (const chest of chests)
      await db.execute(sql`insert into task_chests (threshold, reward, multiple, active)
        values (${chest.threshold}, ${chest.reward}, ${chest.multiple}, true)
        on conflict (threshold) do update set reward = excluded.reward, multiple = excluded.multiple, active = true`);
  },

  async signinRewards(db: Executor): Promise<Array<{ day: number; reward: bigint; multiple: number }>> {
    const rows = resultRows<{ day: number; reward: string; multiple: number }>(
      await db.execute(sql`select day, reward::text, multiple from task_signin_rewards order by day`),
    );
    return rows.map((row) => ({ day: Number(row.day), reward: BigInt(row.reward), multiple: Number(row.multiple) }));
  },

  async setSigninRewards(db: Executor, rewards: readonly bigint[], multiple: number) {
    for (const [index, reward] of rewards.entries())
      await db.execute(sql`insert into task_signin_rewards (day, reward, multiple) values (${index + 1}, ${reward}, ${multiple})
        on conflict (day) do update set reward = excluded.reward, multiple = excluded.multiple`);
  },

  async memberFacts(db: Executor, memberId: bigint): Promise<MemberFacts | undefined> {
    const [row] = resultRows<{ created_at: string | Date; phone: boolean; withdraw_password: boolean; cards: number }>(
      await db.execute(sql`select m.created_at, m.phone <> '' as phone, m.withdraw_password_hash is not null as withdraw_password,
          (select count(*)::int from member_cards c where c.member_id = m.id) as cards
        from members m where m.id = ${memberId}`),
    );
    if (!row) return undefined;
    return {
      createdAt: new Date(row.created_at),
      phone: Boolean(row.phone),
      withdrawPassword: Boolean(row.withdraw_password),
      cards: Number(row.cards),
    };
  },

  /** Friends the member invited (members.inviter_id) who made a confirmed deposit within the span. */
  async invitedDepositors(db: Executor, memberId: bigint, span: Span): Promise<number> {
    const [row] = resultRows<{ count: number }>(
      await db.execute(sql`select count(distinct d.member_id)::int as count
        from members f join member_deposits d on d.member_id = f.id
        where f.inviter_id = ${memberId} ${inSpan('d.counted_at', span)}`),
    );
    return Number(row?.count ?? 0);
  },

  /** The member's sign-ins from a day on (inclusive), with the streak each made. */
  async signins(
    db: Executor,
    memberId: bigint,
    fromDay: string | null,
  ): Promise<Array<{ day: string; streak: number }>> {
    const rows = resultRows<{ day: string; streak: number }>(
      await db.execute(sql`select day::text as day, streak from task_signins where member_id = ${memberId}
        ${fromDay ? sql`and day >= ${fromDay}::date` : sql``} order by day`),
    );
    return rows.map((row) => ({ day: row.day, streak: Number(row.streak) }));
  },

  /**
   * Records today's sign-in with its streak (yesterday's + 1, or 1); null when today is signed already. The insert
   * is the lock: a second sign-in of the same day, however parallel, finds the row.
   */
  async insertSignin(db: Executor, memberId: bigint, day: string, yesterday: string): Promise<number | null> {
    const [row] = resultRows<{ streak: number }>(
      await db.execute(sql`insert into task_signins (member_id, day, streak)
        select ${memberId}, ${day}::date, coalesce((select streak from task_signins
          where member_id = ${memberId} and day = ${yesterday}::date), 0) + 1
        on conflict (member_id, day) do nothing returning streak`),
    );
    return row ? Number(row.streak) : null;
  },

  async setSigninAmount(db: Executor, memberId: bigint, day: string, amount: bigint) {
    await db.execute(
      sql`update task_signins set amount = ${amount} where member_id = ${memberId} and day = ${day}::date`,
    );
  },

  /** The member's claims in these periods, as `<task>:<period>`. */
  async claimed(db: Executor, memberId: bigint, periods: readonly string[]): Promise<Set<string>> {
    const rows = resultRows<{ task_id: string; period: string }>(
      await db.execute(sql`select task_id::text, period from task_claims where member_id = ${memberId}
        and period = any(${sql.param([...periods])}::text[])`),
    );
    return new Set(rows.map((row) => `${row.task_id}:${row.period}`));
  },

  /** The claim row, inserted unique: null when this member already claimed this task in this period. */
  async insertClaim(
    db: Executor,
    claim: { memberId: bigint; taskId: bigint; period: string; amount: bigint; points: number },
  ): Promise<bigint | null> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into task_claims (member_id, task_id, period, amount, points)
        values (${claim.memberId}, ${claim.taskId}, ${claim.period}, ${claim.amount}, ${claim.points})
        on conflict (member_id, task_id, period) do nothing returning id::text`),
    );
    return row ? BigInt(row.id) : null;
  },

  async addPoints(db: Executor, row: { memberId: bigint; day: string; points: number; claimId: bigint }) {
    await db.execute(sql`insert into task_points (member_id, day, points, claim_id)
      values (${row.memberId}, ${row.day}::date, ${row.points}, ${row.claimId}) on conflict (claim_id) do nothing`);
  },

  async pointsOn(db: Executor, memberId: bigint, day: string): Promise<number> {
    const [row] = resultRows<{ points: number }>(
      await db.execute(sql`select coalesce(sum(points), 0)::int as points from task_points
        where member_id = ${memberId} and day = ${day}::date`),
    );
    return Number(row?.points ?? 0);
  },

  async chest(db: Executor, id: bigint): Promise<ChestRow | undefined> {
    const [row] = resultRows<{ id: string; threshold: number; reward: string; multiple: number }>(
      await db.execute(
        sql`select id::text, threshold, reward::text, multiple from task_chests where id = ${id} and active`,
      ),
    );
    return row
      ? {
          id: BigInt(row.id),
          threshold: Number(row.threshold),
          reward: BigInt(row.reward),
          multiple: Number(row.multiple),
        }
      : undefined;
  },

  async openedChests(db: Executor, memberId: bigint, day: string): Promise<Set<number>> {
    const rows = resultRows<{ threshold: number }>(
      await db.execute(
        sql`select threshold from task_chest_opens where member_id = ${memberId} and day = ${day}::date`,
      ),
    );
    return new Set(rows.map((row) => Number(row.threshold)));
  },

  /** The chest opened, inserted unique: null when this member opened this threshold today already. */
  async insertChestOpen(
    db: Executor,
    open: { memberId: bigint; day: string; threshold: number; amount: bigint },
  ): Promise<bigint | null> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into task_chest_opens (member_id, day, threshold, amount)
        values (${open.memberId}, ${open.day}::date, ${open.threshold}, ${open.amount})
        on conflict (member_id, day, threshold) do nothing returning id::text`),
    );
    return row ? BigInt(row.id) : null;
  },
};
