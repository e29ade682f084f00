import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { FixtureEvent } from '../../test/sports-fixtures';
import type { TestApp } from '../../test/test-app';

/** Test helpers for the gate: a member's limits written straight into member_limits, a bet as the slip sends it. */

const COLUMNS = {
  depositDay: 'deposit_day',
  depositWeek: 'deposit_week',
  depositMonth: 'deposit_month',
  lossDay: 'loss_day',
  lossWeek: 'loss_week',
  lossMonth: 'loss_month',
  stakeMax: 'stake_max',
  sessionMinutes: 'session_minutes',
} as const;

/** Sets limits in force for a member (money in yuan, minutes for sessionMinutes), as if set long ago. */
export async function setLimits(
  db: Executor,
  memberId: bigint | string,
  limits: Partial<Record<keyof typeof COLUMNS, number>>,
): Promise<void> {
  const entries = Object.entries(limits) as Array<[keyof typeof COLUMNS, number]>;
  const names = entries.map(([key]) => sql.raw(COLUMNS[key]));
  const values = entries.map(([key, value]) => (key === 'sessionMinutes' ? value : BigInt(value) * 10_000n));
  await db.execute(sql`insert into member_limits (member_id, ${sql.join(names, sql`, `)})
    values (${BigInt(memberId)}, ${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )})
    on conflict (member_id) do update set ${sql.join(
      names.map((name) => sql`${name} = excluded.${name}`),
      sql`, `,
    )}`);
}

export const selectionOf = (event: FixtureEvent, side = 'home', market = 0): string => {
  const id = event.markets[market]?.selections[side];
  if (id === undefined) throw new Error(`no ${side} in market ${market}`);
  return id.toString();
};

/** A sports bet through the member API at whatever the price is now. */
export function placeBet(
  sut: TestApp,
  headers: Record<string, string>,
  body: { stake: string; legs: string[]; type?: string; system?: string },
) {
  return sut.app.inject({
    method: 'POST',
    url: '/api/f/v1/sports/bets',
    payload: {
      type: body.type ?? 'single',
      ...(body.system ? { system: body.system } : {}),
      stake: body.stake,
      acceptOdds: 'any',
      legs: body.legs.map((selectionId) => ({ selectionId, odds: '1.01' })),
    },
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
}
