import { randomUUID } from 'node:crypto';
import type { LimitKey } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { vendorSignature } from '../../games/vendors/vendor-signature';
import { AppError } from '../../shared/app-error';
import type { FixtureEvent } from '../../test/sports-fixtures';
import type { TestApp } from '../../test/test-app';
import { LIMIT_COLUMNS } from '../limits.repository';

/** Test helpers for the gate: a member's limits written straight into member_limits, a bet as the slip sends it. */

export const VENDOR_SECRET = 'gate-test-secret-0123456789abcdef';
/** A seamless vendor nobody runs: the tests are the vendor, calling our wallet API themselves. */
export const GATE_VENDORS = JSON.stringify([
  { platform: 'live1', name: '测试真人', wallet: 'seamless', baseUrl: 'http://127.0.0.1:9', secret: VENDOR_SECRET },
]);

/** The vendor's signed call to our seamless wallet API (`balance`, `bet`, `win`, `rollback`). */
export async function vendorCall(sut: TestApp, action: string, body: object) {
  const payload = JSON.stringify(body);
  const timestamp = String(Date.now());
  const response = await sut.app.inject({
    method: 'POST',
    url: `/api/vendor/v1/live1/wallet/${action}`,
    payload,
    headers: {
      'content-type': 'application/json',
      'x-vendor-timestamp': timestamp,
      'x-vendor-signature': vendorSignature(VENDOR_SECRET, timestamp, payload),
    },
  });
  return response.json() as { code: string; balance?: string };
}

/** 'accepted', or the code of the AppError that refused the work. */
export function codeOf(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

/** Sets limits in force for a member (money in yuan, minutes for sessionMinutes), as if set long ago. */
export async function setLimits(
  db: Executor,
  memberId: bigint | string,
  limits: Partial<Record<LimitKey, number>>,
): Promise<void> {
  const entries = Object.entries(limits) as Array<[LimitKey, number]>;
  const names = entries.map(([key]) => sql.raw(LIMIT_COLUMNS[key]));
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
