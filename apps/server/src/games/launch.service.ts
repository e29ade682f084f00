import { randomUUID } from 'node:crypto';
import { type GameLaunch, sportsbookEntry } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { PlaySession, ProtectionGate } from '../protection/gate/protection-gate';
import { AppError } from '../shared/app-error';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { VenueTransferService } from '../wallet/venues/venue-transfer.service';
import { type CatalogueGame, gamesRepository } from './games.repository';
import { type HouseTablesPort, houseTablePath } from './house-tables-port';
import type { VendorRegistry } from './vendors/vendor-registry';

export type LaunchService = ReturnType<typeof createLaunchService>;

/**
 * How long the lobby trusts a table lookup: every home page lists the catalogue, and asking the casino for each of
 * our tables on every load would cost a query per table; a table opened or closed shows within this.
 */
const LOBBY_TABLE_TTL_MS = 10_000;

/** The site's sportsbook page for a lobby entry (the site's sportsbookPath gives the same). */
function sportsbookPath(game: CatalogueGame): string | null {
  const entry = sportsbookEntry(game);
  if (!entry) return null;
  return entry.sport ? `/sports?sport=${entry.sport}` : '/sports';
}

/**
 * Opening a catalogue game, and what the lobby may show as playable (the two must agree: a tile the lobby offers is
 * one launch opens). Our sportsbook's entries and our tables open as site paths; a configured vendor's game opens at
 * the URL the vendor gives, after auto transfer (免转) moved the main balance to a transfer vendor when it is on.
 */
export function createLaunchService(deps: {
  db: Database;
  ledger: LedgerService;
  venues: VenueTransferService;
  vendors: VendorRegistry;
  houseTables: HouseTablesPort;
  log: FastifyBaseLogger;
  /** A member who is excluded, or past their session time, opens no game (our tables and sportsbook included). */
  gate: ProtectionGate;
}) {
  const { db, vendors } = deps;

  const inMaintenance = (game: CatalogueGame) => game.maintenance || vendors.inMaintenance(game.platform);

  /** The house table a game opens, or null (the casino module decides; its failure is no table). */
  async function tableCode(game: CatalogueGame): Promise<string | null> {
    if (game.platform !== 'house' || !game.playable) return null;
    return deps.houseTables.codeForGame(game.id).catch(() => null);
  }

  async function autoTransfer(memberId: bigint, platform: string, session: PlaySession): Promise<bigint> {
    const balances = await deps.ledger.balances(memberId);
    const main = balances.find((account) => account.kind === 'main')?.balance ?? 0n;
    if (main <= 0n) return 0n;
    try {
      // A fresh key per launch: each launch moves what main holds then; a retry of the same launch request moves
      // what is left (nothing, once the first went through).
      const result = await deps.venues.transfer(
        memberId,
        `launch:${randomUUID()}`,
        {
          from: 'main',
          to: platform,
          amount: main,
        },
        session,
      );
      // Pending: the money is in transit and reconciliation settles it; the game still opens.
      return result.status === 'confirmed' ? main : 0n;
    } catch (error) {
      // Money moved or not, the ledger says which; the game opens with what the vendor holds.
      if (!(error instanceof AppError)) throw error;
      deps.log.warn({ err: error, platform }, 'auto transfer on launch refused');
      return 0n;
    }
  }

  const lobbyTables = new Map<number, { open: Promise<boolean>; until: number }>();
  function tableOpenForLobby(game: CatalogueGame): Promise<boolean> {
    const known = lobbyTables.get(game.id);
    if (known && known.until > Date.now()) return known.open;
    const open = tableCode(game).then((code) => code !== null);
    lobbyTables.set(game.id, { open, until: Date.now() + LOBBY_TABLE_TTL_MS });
    return open;
  }

  return {
    /** Whether the lobby shows a game as playable and in maintenance: what launch would do with it. */
    async availability(game: CatalogueGame): Promise<{ playable: boolean; maintenance: boolean }> {
      const maintenance = inMaintenance(game);
      if (sportsbookEntry(game)) return { playable: true, maintenance };
      if (game.platform === 'house') return { playable: await tableOpenForLobby(game), maintenance };
      return { playable: game.playable && vendors.get(game.platform) !== undefined, maintenance };
    },

    async launch(
      memberId: bigint,
      body: { id: number; autoTransfer?: boolean },
      context: { lang: string; origin: string },
      session: PlaySession,
    ): Promise<GameLaunch> {
      const game = await gamesRepository.game(db, body.id);
      if (!game) throw new AppError('GAME_UNKNOWN');
      await deps.gate.entry(db, memberId, session);
      if (inMaintenance(game)) throw new AppError('VENUE_UNAVAILABLE');
      const gameid = String(game.id);
      const site = (url: string): GameLaunch => ({
        url,
        kind: 'site',
        gameid,
        platform: game.platform,
        wallet: 'house',
        transferred: formatAmount(0n),
      });

      const sportsbook = sportsbookPath(game);
      if (sportsbook) return site(sportsbook);
      if (game.platform === 'house') {
        const code = await tableCode(game);
        if (!code) throw new AppError('GAME_UNAVAILABLE');
        return site(houseTablePath(code));
      }

      const vendor = vendors.get(game.platform);
      if (!vendor || !game.playable) throw new AppError('GAME_UNAVAILABLE');
      let url: string;
      try {
        url = await vendor.launch({
          memberId,
          game: game.code,
          lang: context.lang,
          returnUrl: `${context.origin}/app/venueBack`,
        });
      } catch (error) {
        deps.log.warn({ err: error, platform: game.platform }, 'vendor launch failed');
        throw new AppError('VENDOR_FAILED', { cause: error });
      }
      let transferred = 0n;
      if (vendor.wallet === 'transfer') {
        const on = body.autoTransfer ?? (await gamesRepository.autoTransfer(db, memberId));
        if (on) transferred = await autoTransfer(memberId, vendor.platform, session);
      }
      return {
        url,
        kind: 'vendor',
        gameid,
        platform: game.platform,
        wallet: vendor.wallet,
        transferred: formatAmount(transferred),
      };
    },

    async autoTransfer(memberId: bigint): Promise<{ autoTransfer: boolean }> {
      return { autoTransfer: await gamesRepository.autoTransfer(db, memberId) };
    },

    async saveAutoTransfer(memberId: bigint, on: boolean): Promise<{ autoTransfer: boolean }> {
      await gamesRepository.saveAutoTransfer(db, memberId, on);
      return { autoTransfer: on };
    },
  };
}
