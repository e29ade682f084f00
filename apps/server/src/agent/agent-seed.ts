import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

const YUAN = 10_000n;

/** [direct member's valid turnover in yuan, its own invitees' turnovers] */
const DOWNLINE: Array<[bigint, bigint[]]> = [
  [12_000n, [6_000n, 2_500n]],
  [8_500n, [1_000n]],
  [30_000n, []],
  [4_200n, []],
  [0n, []],
];

/**
 * A demo downline for the demo member: five friends who registered with their code (three of them with friends of
 * their own), with settled bets a week ago on a demo vendor, so the first commission run (last ISO week, claim mode
 * by default) leaves the demo member a commission to claim on /user/agentPage. These accounts cannot sign in.
 */
export async function seedDemoAgent(db: Executor, agentId: bigint): Promise<void> {
  let days = 2;
  const insertMember = async (inviterId: bigint, valid: bigint) => {
    const tag = randomBytes(4).toString('hex');
    days += 3;
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into members (account, password_hash, invite_code, inviter_id, created_at)
        values (${`yk${tag}`}, '!', ${`D${tag.toUpperCase()}`}, ${inviterId}, now() - make_interval(days => ${days}))
        returning id::text`),
    );
    const id = BigInt(row?.id ?? '0');
    // Every member has a main account from the start (the members list sorts balances by it).
    await db.execute(sql`insert into wallet_accounts (member_id, kind) values (${id}, 'main')`);
    if (valid > 0n)
      await db.execute(sql`insert into vendor_bets (platform, member_id, reference, stake, payout, valid, status,
          placed_at, settled_at)
        values ('demo', ${id}, ${`agent-demo-${tag}`}, ${valid * YUAN}, ${(valid * YUAN * 9n) / 10n}, ${valid * YUAN},
          'settled', now() - interval '7 days', now() - interval '7 days')`);
    return id;
  };
  for (const [valid, friends] of DOWNLINE) {
    const direct = await insertMember(agentId, valid);
    for (const friend of friends) await insertMember(direct, friend);
  }
}
