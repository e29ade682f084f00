import { randomBytes } from 'node:crypto';
import type { MarketType, Period, Sport } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/**
 * Sportsbook rows written straight into the tables, for tests of placement and settlement that must not depend on
 * the operator's manual-feed routes (which have their own tests). Odds are scale-4 integers, lines quarters.
 */
export type FixtureMarket = {
  type: MarketType;
  period?: Period;
  line?: number | null;
  selections: Array<{ side: string; odds: bigint }>;
  status?: 'open' | 'suspended' | 'closed';
};

export type FixtureEvent = {
  id: bigint;
  markets: Array<{
    id: bigint;
    type: MarketType;
    period: Period;
    line: number | null;
    selections: Record<string, bigint>;
  }>;
};

/** A football event two hours from now with 1X2, handicap -0.25 and over/under 2.5 unless markets are given. */
export async function insertEvent(
  db: Executor,
  options: { sport?: Sport; home?: string; away?: string; startAt?: Date; markets?: FixtureMarket[] } = {},
): Promise<FixtureEvent> {
  const sport = options.sport ?? 'football';
  const tag = randomBytes(4).toString('hex');
  const markets = options.markets ?? [
    {
      type: '1x2',
      selections: [
        { side: 'home', odds: 21000n },
        { side: 'draw', odds: 33000n },
        { side: 'away', odds: 34000n },
      ],
    },
    {
      type: 'ah',
      line: -1,
      selections: [
        { side: 'home', odds: 19500n },
        { side: 'away', odds: 19000n },
      ],
    },
    {
      type: 'ou',
      line: 10,
      selections: [
        { side: 'over', odds: 19000n },
        { side: 'under', odds: 19500n },
      ],
    },
  ];
  const [competition] = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into sports_competitions (sport, name, feed, feed_ref) values (${sport}, ${`测试联赛${tag}`}, 'test', ${tag})
      returning id`),
  );
  const [event] = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into sports_events (competition_id, sport, home, away, start_at, feed, feed_ref)
      values (${competition?.id}, ${sport}, ${options.home ?? `主队${tag}`}, ${options.away ?? `客队${tag}`},
        ${(options.startAt ?? new Date(Date.now() + 2 * 3600_000)).toISOString()}, 'test', ${tag})
      returning id`),
  );
  const eventId = BigInt(event?.id ?? '0');
  const created: FixtureEvent['markets'] = [];
  for (const [index, market] of markets.entries()) {
    const period = market.period ?? 'ft';
    const line = market.line ?? null;
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`
        insert into sports_markets (event_id, type, period, line, status, sort)
        values (${eventId}, ${market.type}, ${period}, ${line}, ${market.status ?? 'open'}, ${index})
        returning id`),
    );
    const marketId = BigInt(row?.id ?? '0');
    const selections: Record<string, bigint> = {};
    for (const selection of market.selections) {
      const [inserted] = resultRows<{ id: string }>(
        await db.execute(sql`
          insert into sports_selections (market_id, event_id, side, odds)
          values (${marketId}, ${eventId}, ${selection.side}, ${selection.odds})
          returning id`),
      );
      selections[selection.side] = BigInt(inserted?.id ?? '0');
    }
    created.push({ id: marketId, type: market.type, period, line, selections });
  }
  return { id: eventId, markets: created };
}
