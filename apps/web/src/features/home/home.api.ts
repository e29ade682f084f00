import { api, type GameGroup, mergeGamesById } from '@jinb/contract';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { takeEarlyResponse } from '../../shared/api/early-response';
import { GAME_SHOW_IDS } from '../../shared/config';

/** Fetched at start-up (main.tsx, index.html), so the page mounting a moment later does not ask again. */
const FRESH_MS = 30_000;

export const homeKeys = {
  all: ['home'] as const,
  content: () => [...homeKeys.all, 'content'] as const,
  games: (show: string) => [...homeKeys.all, 'games', show] as const,
};

/** Banners and notices for the home page. */
export const homeContentQuery = () =>
  queryOptions({
    queryKey: homeKeys.content(),
    queryFn: ({ signal }) => get('homeContent', { signal, response: takeEarlyResponse(api.homeContent) }),
    staleTime: FRESH_MS,
  });

/**
 * The catalogue as the member sees it: groups in `sort` order, each group's games de-duplicated by id and in
 * `sort` order, empty groups left out. A game that neither opens nor is in maintenance is left out too: the
 * catalogue also lists what no vendor serves yet, and a tile that can only say "coming soon" is not a game.
 */
export function arrangeCatalogue(groups: GameGroup[]): GameGroup[] {
  return [...groups]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((group) => ({
      ...group,
      games: mergeGamesById(group.games).filter((game) => game.playable || game.maintenance),
    }))
    .filter((group) => group.games.length > 0);
}

/** The game groups this site variant shows (spec section 9: the show-ids differ per variant). */
export const gameCatalogueQuery = (show: string = GAME_SHOW_IDS) =>
  queryOptions({
    queryKey: homeKeys.games(show),
    queryFn: ({ signal }) => get('gameList', { query: { show }, signal }),
    select: arrangeCatalogue,
    staleTime: FRESH_MS,
  });
