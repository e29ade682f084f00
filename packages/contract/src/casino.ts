import { z } from 'zod';
import { inOrder, memberAmount, recordTime } from './wallet';

/**
 * The casino (issue 22): launching a catalogue game, our own provably fair tables, and the records of both.
 * Money is a decimal string at scale 4 as everywhere; ids are decimal strings. The dealing itself (seed to cards,
 * dice, wheel number) lives in `@jinb/casino`, shared by the server and the site's verification page.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const id = z.string().regex(/^\d{1,18}$/);
const iso = z.string().describe('ISO 8601');

export const CASINO_GAMES = ['baccarat', 'baccarat_no_commission', 'dragon_tiger', 'sic_bo', 'roulette'] as const;
export type CasinoGame = (typeof CASINO_GAMES)[number];

/**
 * A round's phase: `betting` while its window is open (until `closesAt`), `dealing` once it closed (the outcome is
 * being dealt and paid), `settled` with the outcome and the revealed seed, `refunded` when it could not be dealt
 * (every stake went back).
 */
export const ROUND_PHASES = ['betting', 'dealing', 'settled', 'refunded'] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** A table's own code: letters and digits (it is mixed into the dealing message, so never `:`). */
export const tableCode = z.string().regex(/^[A-Z0-9]{2,12}$/, { error: 'TABLE_UNKNOWN' });

// --- launching a game ----------------------------------------------------------------------------------------

/**
 * `POST /api/f/v1/game/launch`: the catalogue game (`id`). `autoTransfer` (transfer-wallet vendors only) moves the
 * main balance to the vendor first; left out, the member's saved choice applies (on by default).
 */
export const gameLaunchBody = z.object({
  id: z.coerce.number<string | number>({ error: 'GAME_UNKNOWN' }).int().positive().max(2_000_000_000),
  autoTransfer: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .optional(),
});
export type GameLaunchBody = z.input<typeof gameLaunchBody>;

/**
 * Where the game runs: `url` is a site path for our own tables and sportsbook (`kind: 'site'`) or the vendor's launch
 * URL to open full screen (`kind: 'vendor'`). `wallet` says how its money moves; `transferred` is what auto transfer
 * moved to the vendor for this launch ("0.0000" when nothing moved).
 */
export const gameLaunch = z.object({
  url: z.string(),
  kind: z.enum(['site', 'vendor']),
  gameid: z.string(),
  platform: z.string(),
  wallet: z.enum(['house', 'transfer', 'seamless']),
  transferred: money,
});
export type GameLaunch = z.infer<typeof gameLaunch>;

/** The member's auto-transfer (免转) choice for transfer-wallet vendors. */
export const autoTransferSetting = z.object({ autoTransfer: z.boolean() });
export const autoTransferBody = z.object({
  autoTransfer: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'BAD_REQUEST' })
    .transform((value) => value === true || value === 'true' || value === '1'),
});

// --- house tables --------------------------------------------------------------------------------------------

/** Per-bet limits on one spot (a spot's total stake in a round, per member). `spots` overrides by spot name. */
export const tableLimits = z.object({
  min: money,
  max: money,
  spots: z.record(z.string(), z.object({ min: money, max: money })),
});
export type TableLimits = z.infer<typeof tableLimits>;

/** The game's outcome as dealt: cards as codes like `Ah`, `Td` (rank then suit s/h/c/d), dice, the wheel number. */
export const roundOutcome = z.discriminatedUnion('game', [
  z.object({
    game: z.enum(['baccarat', 'baccarat_no_commission']),
    winner: z.enum(['player', 'banker', 'tie']),
    player: z.array(z.string()),
    banker: z.array(z.string()),
    playerTotal: z.number().int(),
    bankerTotal: z.number().int(),
    playerPair: z.boolean(),
    bankerPair: z.boolean(),
    natural: z.boolean(),
  }),
  z.object({
    game: z.literal('dragon_tiger'),
    winner: z.enum(['dragon', 'tiger', 'tie']),
    dragon: z.string(),
    tiger: z.string(),
  }),
  z.object({ game: z.literal('sic_bo'), dice: z.array(z.number().int()), total: z.number().int() }),
  z.object({
    game: z.literal('roulette'),
    number: z.number().int(),
    color: z.enum(['red', 'black', 'green']),
  }),
]);
export type RoundOutcome = z.infer<typeof roundOutcome>;

/** A round as everyone sees it. The outcome appears once the window has closed; the seed once it has settled. */
export const roundView = z.object({
  id,
  table: z.string(),
  game: z.enum(CASINO_GAMES),
  /** The round's number at its table, 1, 2, ...: also its position in the table's hash chain (seed(number)). */
  number: z.number().int(),
  phase: z.enum(ROUND_PHASES),
  opensAt: iso,
  closesAt: iso,
  settledAt: iso.nullable(),
  chainId: id,
  outcome: roundOutcome.nullable(),
  /** Baccarat and dragon tiger: who won (null before the deal and for the other games). */
  winner: z.string().nullable(),
  /** seed(number), revealed once the round has settled: SHA-256 of it is the previous round's seed. */
  seed: z.string().nullable(),
  /** seed(number - 1), what SHA-256 of `seed` must equal: the previous round's seed, or the terminal hash for round 1. */
  previousSeed: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundView>;

/** One earlier result for the roads and trend boards. */
export const roundResult = z.object({ id, number: z.number().int(), outcome: roundOutcome });
export type RoundResult = z.infer<typeof roundResult>;

export const tableSummary = z.object({
  code: z.string(),
  game: z.enum(CASINO_GAMES),
  name: z.string(),
  /** The catalogue game that opens this table (null when none does). */
  gameId: z.number().int().nullable(),
  /** Closed by an operator: no new rounds. */
  open: z.boolean(),
  windowMs: z.number().int(),
  limits: tableLimits,
  round: roundView.nullable(),
});
export type TableSummary = z.infer<typeof tableSummary>;

/**
 * `GET /api/f/v1/casino/tables/{code}`: the table, its current round (`round`: `id`, `phase`, `closesAt`, ...), the
 * recent results for its roads (`recent`, newest first, up to 120), and the chain its rounds come from.
 */
export const tableDetail = tableSummary.extend({
  recent: z.array(roundResult),
  chain: z.object({ id, terminalHash: z.string(), length: z.number().int() }),
  /** The signed-in member's bets in the current round, per spot (empty for a visitor). */
  myBets: z.array(z.object({ spot: z.string(), amount: money })),
});
export type TableDetail = z.infer<typeof tableDetail>;

export const tableParams = z.object({ code: tableCode });

export const CASINO_SPOTS_PER_BET = 40;

/**
 * `POST /api/f/v1/casino/bets` (JSON, with an `Idempotency-Key`): spots and stakes for one round. Spot names are the
 * game's (`@jinb/casino` spotError lists the codes): baccarat `banker`, `player`, `tie`, `banker_pair`,
 * `player_pair`; dragon tiger `dragon`, `tiger`, `tie`; sic bo `big`, `small`, `odd`, `even`, `total:4`..`total:17`,
 * `triple:1`..`triple:6`, `any_triple`, `double:1`..`double:6`, `single:1`..`single:6`, `combo:1-2` ...; roulette
 * `straight:17`, `split:1-2`, `street:1`, `corner:1-5`, `line:1`, `dozen:1`, `column:1`, `red`, `black`, `odd`,
 * `even`, `low`, `high`.
 */
export const casinoBetBody = z.object({
  table: tableCode,
  roundId: z.union([z.string(), z.number()], { error: 'ROUND_UNKNOWN' }).transform((value, context) => {
    const text = String(value);
    if (!/^\d{1,18}$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'ROUND_UNKNOWN' });
      return z.NEVER;
    }
    return text;
  }),
  bets: z
    .array(z.object({ spot: z.string({ error: 'SPOT_UNKNOWN' }).min(1).max(24), amount: memberAmount }), {
      error: 'BAD_REQUEST',
    })
    .min(1, { error: 'BAD_REQUEST' })
    .max(CASINO_SPOTS_PER_BET, { error: 'BAD_REQUEST' }),
});
export type CasinoBetBody = z.input<typeof casinoBetBody>;

/** A bet action as taken: its spots, the total stake, and the main balance after it. */
export const casinoBetView = z.object({
  id,
  table: z.string(),
  roundId: id,
  bets: z.array(z.object({ spot: z.string(), amount: money })),
  stake: money,
  balance: money,
});
export type CasinoBetView = z.infer<typeof casinoBetView>;

export const roundParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'ROUND_UNKNOWN' }) });

/** `GET /api/f/v1/casino/chain`: every table's published chain; `?table=` narrows it to one (`terminalHash` etc.). */
export const chainQuery = z.object({ table: tableCode.optional() });
export const chainView = z.object({
  table: z.string(),
  game: z.enum(CASINO_GAMES),
  id,
  /** seed(0): SHA-256 of round 1's seed. Published before round 1. */
  terminalHash: z.string(),
  length: z.number().int(),
  /** Rounds dealt from it so far. */
  used: z.number().int(),
  publishedAt: iso,
});
export type ChainView = z.infer<typeof chainView>;
/** With `?table=`, the fields of that table's current chain; always `chains`, every table's (current first). */
export const chainAnswer = chainView.partial().extend({ chains: z.array(chainView) });
export type ChainAnswer = z.infer<typeof chainAnswer>;

// --- records -------------------------------------------------------------------------------------------------

export const CASINO_BET_STATUSES = ['open', 'settled', 'refunded'] as const;
/** An external vendor's bet: rolled back when the vendor cancels it (its stake returned). */
export const VENDOR_BET_STATUSES = ['open', 'settled', 'rolled_back'] as const;

/** One bet action in `/user/bettingRecord`: per spot its stake and return, the round's seed once revealed. */
export const casinoBetRecord = z.object({
  id,
  table: z.string(),
  tableName: z.string(),
  game: z.enum(CASINO_GAMES),
  roundId: id,
  roundNumber: z.number().int(),
  spots: z.array(z.object({ spot: z.string(), amount: money, payout: money.nullable() })),
  stake: money,
  /** Null while open. */
  payout: money.nullable(),
  status: z.enum(CASINO_BET_STATUSES),
  outcome: roundOutcome.nullable(),
  seed: z.string().nullable(),
  placedAt: iso,
  settledAt: iso.nullable(),
});
export type CasinoBetRecord = z.infer<typeof casinoBetRecord>;

export const casinoRecordsQuery = z
  .object({
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });

export const casinoRecordsPage = z.object({
  list: z.array(casinoBetRecord),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Over every bet the query matches. `valid` is the turnover that counts (settled stakes). */
  totals: z.object({ stake: money, payout: money, valid: money }),
});
export type CasinoRecordsPage = z.infer<typeof casinoRecordsPage>;

/** An external vendor's bet as we know it (pulled from a transfer vendor, recorded from a seamless one's calls). */
export const vendorBetRecord = z.object({
  id,
  platform: z.string(),
  vendor: z.string(),
  /** The vendor's game code, and the game's name in our catalogue (the code when the catalogue has no such game). */
  game: z.string(),
  gameName: z.string(),
  /** The vendor's own round or bet reference. */
  reference: z.string(),
  stake: money,
  payout: money.nullable(),
  /** Valid turnover: what counts towards turnover requirements. */
  valid: money,
  status: z.enum(VENDOR_BET_STATUSES),
  placedAt: iso,
  settledAt: iso.nullable(),
});
export type VendorBetRecord = z.infer<typeof vendorBetRecord>;

export const vendorRecordsPage = z.object({
  list: z.array(vendorBetRecord),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  totals: z.object({ stake: money, payout: money, valid: money }),
});
export type VendorRecordsPage = z.infer<typeof vendorRecordsPage>;

// --- operators -----------------------------------------------------------------------------------------------

export const adminTableView = tableSummary.extend({
  /** Today (site time zone): rounds dealt, stakes taken, paid out, and the house's result (stake - payout). */
  today: z.object({ rounds: z.number().int(), stake: money, payout: money, profit: money }),
});
export type AdminTableView = z.infer<typeof adminTableView>;

const limitAmount = z.union([z.string(), z.number()]).transform(String);
export const adminTableLimitsBody = z.object({
  min: limitAmount,
  max: limitAmount,
  spots: z.record(z.string(), z.object({ min: limitAmount, max: limitAmount })).default({}),
  windowMs: z.coerce.number<string | number>().int().min(5_000).max(120_000).optional(),
});

export const adminRoundsQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(50),
});
export const adminRoundRow = roundView.extend({
  bets: z.number().int(),
  stake: money,
  payout: money,
  profit: money,
});
export const adminRoundsPage = z.object({
  list: z.array(adminRoundRow),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const adminProfitQuery = z.object({ startTime: recordTime, endTime: recordTime });
export const adminProfitView = z.object({
  list: z.array(
    z.object({
      table: z.string(),
      name: z.string(),
      rounds: z.number().int(),
      bets: z.number().int(),
      stake: money,
      payout: money,
      profit: money,
    }),
  ),
});

/** A vendor as operators see it: how it integrates, whether it is in maintenance, who is in its games now. */
export const adminVendorView = z.object({
  platform: z.string(),
  name: z.string(),
  wallet: z.enum(['transfer', 'seamless']),
  maintenance: z.boolean(),
  players: z.number().int(),
});
export const adminVendorMaintenanceBody = z.object({
  maintenance: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'BAD_REQUEST' })
    .transform((value) => value === true || value === 'true' || value === '1'),
});
export const platformParams = z.object({ platform: z.string().regex(/^[a-z0-9]{2,20}$/, { error: 'VENUE_UNKNOWN' }) });

/** Who is in which game now, from the 30 s heartbeat's `gameid` and `platform`. */
export const adminGamePlayers = z.object({
  list: z.array(z.object({ memberId: id, account: z.string(), gameid: z.string(), platform: z.string(), seenAt: iso })),
});

// --- realtime ------------------------------------------------------------------------------------------------

/** The public topic of one table: `table:<code>`. */
export const tableTopic = (code: string) => `table:${code}`;
/** What `table:<code>` carries: the round whenever its phase changes (with the outcome and seed as they appear). */
export type TablePush = { kind: 'round'; round: RoundView };
