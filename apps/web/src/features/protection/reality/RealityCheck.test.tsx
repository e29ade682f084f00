import { api, type SessionSummary, sitePaths } from '@jinb/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { get } from '../../../shared/api/client';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import RealityCheck from './RealityCheck';

const server = startMockApi();
const MINUTE = 60_000;
const STARTED = '2026-11-26T12:00:00.000Z';

/** The summary the server answers with, as it stands at each call (the net moves as the member plays). */
function answerSummaries(...answers: Array<Partial<SessionSummary>>) {
  const calls = { count: 0 };
  server.use(
    http.get(at(sitePaths.memberSession), () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      return HttpResponse.json(
        ok({
          startedAt: STARTED,
          net: '0.0000',
          stakes: '0.0000',
          realityMinutes: 15,
          sessionMinutes: null,
          withdrawOnly: false,
          ...answer,
        }),
      );
    }),
  );
  return calls;
}

/** Moves the faked clock and lets the calls, the lazy dialog and React catch up. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * The dialog once it is up. React reveals a lazy part after a short throttle on a timer, and the clock is faked: the
 * wait moves it on in small steps (a few seconds in all, well inside a minute) and lets real I/O in between.
 */
async function dialogShown(): Promise<HTMLElement> {
  for (let step = 0; step < 80; step++) {
    const dialog = screen.queryByRole('dialog');
    if (dialog) return dialog;
    await pass(50);
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('no dialog showed');
}

async function dialogGone(): Promise<void> {
  for (let step = 0; step < 80 && screen.queryByRole('dialog'); step++) {
    await pass(50);
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(screen.queryByRole('dialog')).toBeNull();
}

/** The clock on a page, once it has its summary. */
async function renderShell(calls: { count: number }) {
  const view = renderPage(<RealityCheck />, { route: paths.home, routes: [] });
  for (let step = 0; step < 200 && calls.count === 0; step++) {
    await pass(50);
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (let step = 0; step < 5; step++) await new Promise((resolve) => setImmediate(resolve));
  return view;
}

beforeAll(async () => {
  // Loaded ahead, so the lazy parts resolve at once under the faked clock.
  await Promise.all([import('./RealityDialog'), import('./SessionLimitDialog')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(new Date(STARTED).getTime() + 5_000);
  useSession.getState().logout();
  useSession.getState().setToken('tok');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the reality check', () => {
  test('When the member chose 15 minutes, then nothing shows before; at 15 minutes the session time and net result show; 继续 closes it until 30', async () => {
    const calls = answerSummaries({ net: '-20.0000' }, { net: '-120.5000' }, { net: '35.1290' });
    await renderShell(calls);

    await pass(14 * MINUTE);
    expect(calls.count).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(MINUTE - 6_000);
    expect(screen.queryByRole('dialog')).toBeNull();

    await pass(1_000);
    const dialog = await dialogShown();
    expect(within(dialog).getByText('理性游戏提醒')).toBeTruthy();
    expect(within(dialog).getByText('您已登录 15 分钟')).toBeTruthy();
    // The figure of this moment, asked for when the reminder came, not the one loaded at the start.
    expect(within(dialog).getByText('本次净输赢 -¥120.50')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '查看限额' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '退出登录' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '继续' }));
    await dialogGone();

    await pass(14 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(MINUTE);
    const again = await dialogShown();
    expect(within(again).getByText('您已登录 30 分钟')).toBeTruthy();
    expect(within(again).getByText('本次净输赢 +¥35.12')).toBeTruthy();
  });

  test('When the session reaches the member’s own time limit, then the reminder says so', async () => {
    await renderShell(answerSummaries({ realityMinutes: 20, sessionMinutes: 30, net: '0.0000' }));

    await pass(20 * MINUTE);
    const first = await dialogShown();
    expect(within(first).getByText('您已登录 20 分钟')).toBeTruthy();
    expect(within(first).queryByText(/时长上限/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '继续' }));
    await dialogGone();

    // The limit is its own moment, before the next 20-minute reminder.
    await pass(10 * MINUTE);
    const atLimit = await dialogShown();
    expect(within(atLimit).getByText('您已登录 30 分钟')).toBeTruthy();
    expect(within(atLimit).getByText('已达到您设定的单次登录时长上限（30 分钟），建议退出休息。')).toBeTruthy();
  });

  test('When the member sets an interval on the limits page, then it applies from then on without a reload', async () => {
    const calls = answerSummaries({ realityMinutes: null }, { realityMinutes: 45 });
    const { queryClient } = await renderShell(calls);
    await pass(20 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();

    // What the limits page's save answers with (a limits view carries the interval).
    await act(async () => {
      await queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: async () => ({ realityMinutes: 45, sessionMinutes: null }) })
        .execute(undefined);
    });
    for (let step = 0; step < 80 && calls.count < 2; step++) {
      await pass(50);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(calls.count).toBe(2);

    await pass(24 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(MINUTE);
    expect(within(await dialogShown()).getByText('您已登录 45 分钟')).toBeTruthy();
  });

  test('When the member chose no interval, then no reminder comes', async () => {
    await renderShell(answerSummaries({ realityMinutes: null }));
    await pass(3 * 60 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('When the session is the withdrawal-only one, then no reminder comes and the summary is not asked for', async () => {
    useSession.getState().logout();
    useSession.getState().startWithdrawOnly('withdraw-token', '2026-11-26T12:15:00.000Z');
    const calls = answerSummaries({ realityMinutes: 1 });
    renderPage(<RealityCheck />, { route: paths.home });
    await pass(30 * MINUTE);
    expect(calls.count).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('When 退出登录 is tapped, then the session ends here and on the server', async () => {
    const calls = answerSummaries({ realityMinutes: 15 });
    let loggedOut = false;
    server.use(
      http.post(at(api.logout), () => {
        loggedOut = true;
        return HttpResponse.json(ok(null));
      }),
    );
    await renderShell(calls);
    await pass(15 * MINUTE);
    fireEvent.click(within(await dialogShown()).getByRole('button', { name: '退出登录' }));
    for (let step = 0; step < 80 && useSession.getState().token; step++) {
      await pass(50);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(useSession.getState().token).toBe('');
    expect(loggedOut).toBe(true);
  });
});

describe('the session-time limit', () => {
  test('When any call is refused with SESSION_TIME_LIMIT, then a dialog gives the server’s message and 退出登录, and closes', async () => {
    const calls = answerSummaries({ realityMinutes: null });
    const message = '本次登录已达到您设定的时长上限（60分钟），请退出休息后再来';
    server.use(
      http.get(at(api.balance), () =>
        HttpResponse.json({ status: false, data: message, code: 'SESSION_TIME_LIMIT' }, { status: 403 }),
      ),
    );
    await renderShell(calls);

    await act(async () => {
      await get('balance').catch(() => {});
    });

    const dialog = await dialogShown();
    expect(within(dialog).getByText('登录时长已到')).toBeTruthy();
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '退出登录' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    await dialogGone();
    expect(useSession.getState().token).toBe('tok');
  });
});
