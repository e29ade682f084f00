import type { Game } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../../shared/api/client';
import { GAME_SHOW_IDS } from '../../../shared/config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { LoadingState } from '../../../shared/ui/states';
import styles from '../games.module.css';

/** The spec's game route of a catalogue entry, as the lobby links it. */
export function gamePath(game: Game): string {
  return paths.game
    .replace(':id', String(game.id))
    .replace(':title', encodeURIComponent(game.name))
    .replace(':code', encodeURIComponent(game.code))
    .replace(':gtype', encodeURIComponent(game.gtype));
}

/** What the lobby would open now: playable and not in maintenance, each once, in the catalogue's order. */
export function openGames(groups: Array<{ sort: number; games: Game[] }>, except: string): Game[] {
  const seen = new Set<number>([Number(except)]);
  return [...groups]
    .sort((a, b) => a.sort - b.sort)
    .flatMap((group) => [...group.games].sort((a, b) => a.sort - b.sort))
    .filter((game) => {
      if (!game.playable || game.maintenance || seen.has(game.id)) return false;
      seen.add(game.id);
      return true;
    });
}

/**
 * In place of a game that does not open (unknown, or nothing serves it): the games that do, so the route always leads
 * somewhere real. Same call and show list as the lobby.
 */
export function OpenGames({ except }: { except: string }) {
  const { t } = useTranslation('games');
  const catalogue = useQuery({
    queryKey: ['games', 'open', GAME_SHOW_IDS],
    queryFn: ({ signal }) => get('gameList', { query: { show: GAME_SHOW_IDS }, signal }),
    staleTime: 30_000,
  });
  if (catalogue.isPending) return <LoadingState />;
  const games = openGames(catalogue.data ?? [], except);
  if (games.length === 0) return null;
  return (
    <section className={styles.open} aria-labelledby="open-games">
      <h2 id="open-games" className={styles.openTitle}>
        {t('openGames')}
      </h2>
      <ul className={styles.openGrid}>
        {games.map((game) => (
          <li key={game.id}>
            <Link to={gamePath(game)} className={styles.openCard} replace>
              <span className={styles.openIcon} aria-hidden>
                {game.icon ? <img src={game.icon} alt="" width={56} height={56} loading="lazy" /> : null}
              </span>
              <span className={styles.openName}>{game.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
