import {
  type AdminTableView,
  type OperatorRole,
  parseDateTime,
  platformDay,
  platformDayBounds,
  rolesOf,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { casinoAdminRepository as repo, type Takings } from './casino-admin.repository';
import { parseLimits } from './casino-limits';
import { tableSummary } from './casino-reads.service';
import { roundsRepository } from './casino-rounds.repository';
import { type TableRow, tablesRepository } from './casino-tables.repository';
import { roundView } from './round-view';

/** Who reads the tables' figures, and who opens, closes and sets limits (operator-access.ts's role groups). */
export const CASINO_VIEWERS: readonly OperatorRole[] = rolesOf('tradingViewers');
export const CASINO_MANAGERS: readonly OperatorRole[] = rolesOf('trading');

const money = (figures: Omit<Takings, 'rounds' | 'bets'>) => ({
  stake: formatAmount(figures.stake),
  payout: formatAmount(figures.payout),
  profit: formatAmount(figures.stake - figures.payout),
});

export type CasinoAdmin = ReturnType<typeof createCasinoAdmin>;

/** The operators' tables: today's figures, open and close, limits and window, round history, profit per table. */
export function createCasinoAdmin(deps: { db: Database; timeZone: string; changed: () => void }) {
  const { db } = deps;

  async function tableOrFail(code: string): Promise<TableRow> {
    const table = await tablesRepository.byCode(db, code);
    if (!table) throw new AppError('TABLE_UNKNOWN');
    return table;
  }

  async function views(only?: string): Promise<AdminTableView[]> {
    const today = platformDayBounds(platformDay(new Date(), deps.timeZone), deps.timeZone);
    const [tables, rounds, takings] = await Promise.all([
      tablesRepository.all(db),
      roundsRepository.latestOfAll(db),
      repo.takings(db, today?.start ?? null, today?.end ?? null),
    ]);
    const latest = new Map(rounds.map((round) => [round.table, round]));
    return tables
      .filter((table) => only === undefined || table.code === only)
      .map((table) => {
        const figures = takings.get(table.code) ?? { rounds: 0, bets: 0, stake: 0n, payout: 0n };
        return { ...tableSummary(table, latest.get(table.code)), today: { rounds: figures.rounds, ...money(figures) } };
      });
  }

  async function one(code: string): Promise<AdminTableView> {
    const [view] = await views(code);
    if (!view) throw new AppError('TABLE_UNKNOWN');
    return view;
  }

  /** Opens or closes a table with its audit row in one transaction; a closed table finishes its round, opens none. */
  async function setOpen(actor: OperatorActor, code: string, open: boolean): Promise<AdminTableView> {
    assertRole(actor, CASINO_MANAGERS);
    await db.transaction(async (tx) => {
      if (!(await tablesRepository.setOpen(tx, code, open))) throw new AppError('TABLE_UNKNOWN');
      await auditIn(tx, actor, open ? 'casino.table.open' : 'casino.table.close', `casino_table:${code}`);
    });
    deps.changed();
    return one(code);
  }

  return {
    async tables(actor: OperatorActor): Promise<AdminTableView[]> {
      assertRole(actor, CASINO_VIEWERS);
      return views();
    },

    open: (actor: OperatorActor, code: string) => setOpen(actor, code, true),
    close: (actor: OperatorActor, code: string) => setOpen(actor, code, false),

    /** New limits (and window) from the next bet action on; the round under way keeps its window. */
    async limits(
      actor: OperatorActor,
      code: string,
      body: { min: string; max: string; spots: Record<string, { min: string; max: string }>; windowMs?: number },
    ): Promise<AdminTableView> {
      assertRole(actor, CASINO_MANAGERS);
      const limits = parseLimits(body);
      await db.transaction(async (tx) => {
        if (!(await tablesRepository.setLimits(tx, code, limits, body.windowMs))) throw new AppError('TABLE_UNKNOWN');
        await auditIn(tx, actor, 'casino.table.limits', `casino_table:${code}`, {
          min: body.min,
          max: body.max,
          spots: body.spots,
          windowMs: body.windowMs ?? null,
        });
      });
      deps.changed();
      return one(code);
    },

    async rounds(actor: OperatorActor, code: string, query: { page: number; size: number }) {
      assertRole(actor, CASINO_VIEWERS);
      await tableOrFail(code);
      const page = await repo.roundPage(db, code, (query.page - 1) * query.size, query.size);
      const rounds = await Promise.all(page.ids.map((id) => roundsRepository.byId(db, id)));
      return {
        list: rounds.flatMap((round) => {
          if (!round) return [];
          const figures = page.figures.get(round.id) ?? { bets: 0, stake: 0n, payout: 0n };
          return [{ ...roundView(round), bets: figures.bets, ...money(figures) }];
        }),
        total: page.total,
        page: query.page,
        size: query.size,
      };
    },

    /** Per table over a range of settlement times (site time zone), stakes taken and returns paid. */
    async profit(actor: OperatorActor, query: { startTime: string; endTime: string }) {
      assertRole(actor, CASINO_VIEWERS);
      const end = parseDateTime(query.endTime, deps.timeZone);
      const [tables, takings] = await Promise.all([
        tablesRepository.all(db),
        repo.takings(db, parseDateTime(query.startTime, deps.timeZone), end ? new Date(end.getTime() + 1000) : null),
      ]);
      return {
        list: tables.map((table) => {
          const figures = takings.get(table.code) ?? { rounds: 0, bets: 0, stake: 0n, payout: 0n };
          return { table: table.code, name: table.name, rounds: figures.rounds, bets: figures.bets, ...money(figures) };
        }),
      };
    },
  };
}
