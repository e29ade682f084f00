import type { Game } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { preloadToast } from '../../../shared/ui/toast';
import '../home.locale';
import { GameCard } from './GameCard';

const game = (extra: Partial<Game>): Game => ({
  id: 1006,
  sort: 6,
  name: '足球',
  code: 'house-1006',
  gtype: 'sport',
  platform: 'house',
  icon: '',
  playable: false,
  maintenance: false,
  ...extra,
});

// The toast library arrives on first use; loading it up front keeps the first explanation within findBy's wait.
beforeAll(() => preloadToast());

describe('GameCard', () => {
  test('When a game can be launched, then the card opens the spec’s game route and says nothing is missing', async () => {
    renderPage(<GameCard game={game({ playable: true })} />, { route: '/app/home' });

    const card = screen.getByRole('link', { name: '足球' });
    expect(card.getAttribute('href')).toBe(`/games/1006/${encodeURIComponent('足球')}/house-1006/sport`);
    expect(screen.queryByText('即将开放')).toBeNull();

    fireEvent.click(card);
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/games/1006/${encodeURIComponent('足球')}/house-1006/sport`,
    );
  });

  test('When a launchable game is under maintenance, then it says so instead of opening', async () => {
    renderPage(<GameCard game={game({ playable: true, maintenance: true })} />, { route: '/app/home' });

    fireEvent.click(screen.getByRole('button', { name: '足球 维护中' }));

    expect(await screen.findByText('该游戏维护中，请稍后再试')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
