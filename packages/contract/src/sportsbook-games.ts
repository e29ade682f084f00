import type { Sport } from './sports-vocabulary';

/**
 * The lobby's entries that open our own sportsbook (platform `house`, gtype `sport`), by the name the catalogue gives
 * them: a sport opens the sports home on that sport, null on all of them. The server marks exactly these playable
 * (电竞, 排球 and 棒球 have no book yet, so the lobby leaves them out) and the site's game route opens the same ones,
 * so the two cannot disagree. Names in both languages, since a variant's catalogue may be in either. Zod-free: the site's home
 * page reads it.
 */
const SPORTSBOOK_GAMES: Readonly<Record<string, Sport | null>> = {
  金币体育: null,
  金幣體育: null,
  足球: 'football',
  篮球: 'basketball',
  籃球: 'basketball',
  网球: 'tennis',
  網球: 'tennis',
};

export const SPORTSBOOK_PLATFORM = 'house';
export const SPORTSBOOK_GTYPE = 'sport';

/**
 * Where a catalogue entry opens in our sportsbook: `{ sport }` (null: every sport), or null when it is not one of
 * ours. The platform is checked when known (the catalogue has it; the spec's game route carries only the gtype).
 */
export function sportsbookEntry(game: {
  name: string;
  gtype: string;
  platform?: string;
}): { sport: Sport | null } | null {
  if (game.gtype !== SPORTSBOOK_GTYPE) return null;
  if (game.platform !== undefined && game.platform !== SPORTSBOOK_PLATFORM) return null;
  const name = game.name.trim();
  if (!Object.hasOwn(SPORTSBOOK_GAMES, name)) return null;
  return { sport: SPORTSBOOK_GAMES[name] ?? null };
}
