import type { AdminEventView } from '@jinb/contract/sports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import FeedPage, { liveBodyOf, liveChange } from './FeedPage';

function eventOf(overrides: Partial<AdminEventView> = {}): AdminEventView {
  return {
    id: '7',
    sport: 'football',
    competition: { id: '1', name: '友谊赛' },
    home: '广州队',
    away: '深圳队',
    startTime: '2026-11-26T12:00:00.000Z',
    status: 'live',
    score: { home: 1, away: 0 },
    minute: 23,
    marketCount: 2,
    markets: [
      {
        id: '10',
        type: '1x2',
        period: 'ft',
        line: null,
        status: 'suspended',
        selections: [
          { id: '101', side: 'home', odds: '1.50', version: 2, outcome: null },
          { id: '102', side: 'draw', odds: '3.80', version: 2, outcome: null },
          { id: '103', side: 'away', odds: '6.00', version: 2, outcome: null },
        ],
      },
      {
        id: '11',
        type: '1x2',
        period: '1h',
        line: null,
        status: 'open',
        selections: [
          { id: '111', side: 'home', odds: '1.80', version: 1, outcome: null },
          { id: '112', side: 'draw', odds: '2.60', version: 1, outcome: null },
          { id: '113', side: 'away', odds: '8.00', version: 1, outcome: null },
        ],
      },
    ],
    version: 5,
    halfTime: null,
    sets: [],
    feed: 'manual',
    resultVersion: 0,
    phase: '1h',
    ...overrides,
  } as AdminEventView;
}

function serve(event: AdminEventView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: true, data: event }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

function page(role: string) {
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OperatorProvider operator={operator}>
        <MemoryRouter initialEntries={['/trading/events/7/feed']}>
          <Routes>
            <Route path="/trading/events/:id/feed" element={<FeedPage />} />
          </Routes>
        </MemoryRouter>
      </OperatorProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the manual feed page', () => {
  it('shows a trader the scoreboard and the score, clock and phase form of a match in play', async () => {
    serve(eventOf());
    render(page('trader'));
    expect((await screen.findByTestId('feed-score')).textContent).toBe('1 : 0');
    expect(screen.getByText('开盘 1 · 暂停 1 · 封盘 0')).toBeTruthy();
    expect((screen.getByLabelText('主队（广州队）') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('比赛时间（分钟）') as HTMLInputElement).value).toBe('23');
    for (const name of ['更新比分与时间', '主队得分 +1', '暂停全部盘口', '恢复全部盘口', '录入赛果']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: '中场休息' })).toBeTruthy();
  });

  it('lets a second half never go back to the first', async () => {
    serve(eventOf({ phase: '2h', halfTime: { home: 1, away: 0 } }));
    render(page('trader'));
    expect((await screen.findByRole('radio', { name: '上半场' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: '下半场' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers only the kick-off before the match, and nothing to change for a role that may only look', async () => {
    serve(eventOf({ status: 'scheduled', score: null, minute: null, phase: null }));
    const { unmount } = render(page('trader'));
    expect(await screen.findByRole('button', { name: /^开\s?赛$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '更新比分与时间' })).toBeNull();
    unmount();
    render(page('finance'));
    expect(await screen.findByText('你的角色只能查看')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('what a live change is', () => {
  const event = eventOf();
  it('is the half ending when the phase first leaves the first half, else a goal, else the clock', () => {
    expect(liveChange(event, { home: 1, away: 0, minute: 45, phase: 'ht' })).toBe('halfTime');
    expect(liveChange(event, { home: 2, away: 0, minute: 30, phase: '1h' })).toBe('scored');
    expect(liveChange(event, { home: 1, away: 0, minute: 30, phase: '1h' })).toBe('clock');
    expect(liveChange({ ...event, phase: 'ht' }, { home: 1, away: 0, minute: 46, phase: '2h' })).toBe('clock');
  });

  it('sends the phase only for sports with halves', () => {
    expect(liveBodyOf(event, { home: 1, away: 0, minute: 30, phase: '1h' })).toEqual({
      home: 1,
      away: 0,
      minute: 30,
      phase: '1h',
    });
    expect(liveBodyOf({ ...event, sport: 'tennis' }, { home: 1, away: 0, minute: 9, phase: '1h' })).toEqual({
      home: 1,
      away: 0,
      minute: 9,
    });
  });
});
