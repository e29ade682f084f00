import { api, casinoApi, type RoundOutcome, tableTopic } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Dialog } from 'antd-mobile';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { playRealtime } from '../../../shared/testing/realtime';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { bankerWins, bettingRound, tableDetail } from '../casino.test-fixtures';
import CasinoTablePage from './CasinoTablePage';

const server = startMockApi();
const TABLE_PATH = casinoApi.casinoTable.replace(':code', 'BAC1');

type Sent = { body: unknown; key: string | null };
let sent: Sent[];

beforeEach(() => {
  useSession.getState().logout();
  sent = [];
  server.use(
    http.get(at(TABLE_PATH), () => HttpResponse.json(ok(tableDetail()))),
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '1000.0000' }))),
  );
});

afterEach(async () => {
  Dialog.clear();
  await resetRealtimeForTests();
});

// The dialog ignores pointers while it animates in (no animation frames run here).
const member = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The dialog just opened (an earlier test's may still be closing: no animation frames run here). */
const lastDialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;

const open = () => renderPage(<CasinoTablePage />, { route: '/casino/BAC1', path: paths.casinoTable });

describe('CasinoTablePage', () => {
  test('When a visitor opens a table, then the round, the last result and the roads show, and betting asks to sign in', async () => {
    open();
    expect(await screen.findByText('第42局')).toBeTruthy();
    expect(screen.getByTestId('phase').textContent).toBe('请下注');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^1[0-2]秒$/);
    // The last result: banker 7 to player 5.
    expect(within(screen.getByTestId('outcome')).getByText('庄赢')).toBeTruthy();
    expect(screen.getByRole('img', { name: '大路' })).toBeTruthy();
    expect(screen.getByText('庄 1 · 闲 1 · 和 0')).toBeTruthy();
    expect((screen.getByRole('button', { name: '庄 1赔0.95' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      `${paths.login}?redirect=${encodeURIComponent('/casino/BAC1')}`,
    );
  });

  test('When a member stacks chips on banker and confirms the total, then one bet goes out with its key and shows as theirs', async () => {
    server.use(
      ...signedIn(),
      http.post(at(casinoApi.casinoBet), async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json(
          ok({
            id: '9',
            table: 'BAC1',
            roundId: '501',
            bets: [{ spot: 'banker', amount: '200.0000' }],
            stake: '200.0000',
            balance: '800.0000',
          }),
        );
      }),
    );
    const user = member();
    const page = within(open().container);
    const banker = await screen.findByRole('button', { name: '庄 1赔0.95' });
    await waitFor(() => expect((banker as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: '100' }));
    await user.click(banker);
    await user.click(banker);
    expect(screen.getByTestId('stack-banker').textContent).toBe('200');

    await user.click(page.getByRole('button', { name: '确认下注' }));
    const dialog = await lastDialog();
    expect(within(dialog).getByText('本局共1注，合计 ¥200.00')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '确认下注' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    // Two decimals at most, as every member amount (the server refuses 200.0000 with AMOUNT_PRECISION).
    expect(sent[0]!.body).toEqual({ table: 'BAC1', roundId: '501', bets: [{ spot: 'banker', amount: '200.00' }] });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/本局已下注 ¥200.00/)).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('¥800.00');
  });

  test('When the window closed before the bet arrived, then the member reads why and the chips come off', async () => {
    server.use(
      ...signedIn(),
      http.post(at(casinoApi.casinoBet), () =>
        HttpResponse.json(
          { status: false, data: '本局已停止下注，请等待下一局', code: 'ROUND_CLOSED' },
          { status: 409 },
        ),
      ),
    );
    const user = member();
    const page = within(open().container);
    const player = await screen.findByRole('button', { name: '闲 1赔1' });
    await waitFor(() => expect((player as HTMLButtonElement).disabled).toBe(false));
    await user.click(player);
    await user.click(page.getByRole('button', { name: '确认下注' }));
    await user.click(within(await lastDialog()).getByRole('button', { name: '确认下注' }));
    expect(await screen.findByText('本局已停止下注，请等待下一局')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('stack-player')).toBeNull());
  });

  test('When the round settles over the realtime channel, then its cards, the winning spot and the member’s win show', async () => {
    const realtime = playRealtime(server);
    server.use(
      ...signedIn(),
      http.get(at(TABLE_PATH), () =>
        HttpResponse.json(ok(tableDetail({ myBets: [{ spot: 'banker', amount: '100.0000' }] }))),
      ),
    );
    open();
    expect(await screen.findByText(/本局已下注 ¥100.00/)).toBeTruthy();
    await realtime.subscribed(tableTopic('BAC1'));

    const settled = bettingRound({
      phase: 'settled',
      outcome: { ...bankerWins, banker: ['9s', 'Kc'], bankerTotal: 9, natural: true } as RoundOutcome,
      winner: 'banker',
      seed: 'b'.repeat(64),
      previousSeed: 'c'.repeat(64),
      settledAt: new Date().toISOString(),
    });
    realtime.publish(tableTopic('BAC1'), { kind: 'round', round: settled });

    expect(await screen.findByTestId('my-result')).toBeTruthy();
    // Banker 100 returns 195: 95 won on top of the stake.
    expect(screen.getByTestId('my-result').textContent).toBe('第42局 · 恭喜赢得 ¥95.00');
    expect(screen.getByTestId('phase').textContent).toBe('已开奖');
    expect(within(screen.getByTestId('outcome')).getByText(/例牌/)).toBeTruthy();
    expect(screen.getByText('庄 2 · 闲 1 · 和 0')).toBeTruthy();
    expect(screen.getByRole('link', { name: '验证本局' }).getAttribute('href')).toBe(`${paths.casinoVerify}?round=501`);

    // The next round starts from no bets of the member's.
    realtime.publish(tableTopic('BAC1'), { kind: 'round', round: bettingRound({ id: '502', number: 43 }) });
    expect(await screen.findByText('第43局')).toBeTruthy();
    expect(screen.queryByText(/本局已下注/)).toBeNull();
  });

  test('When the table code is unknown, then the page says so', async () => {
    server.use(
      http.get(at(casinoApi.casinoTable.replace(':code', 'NOPE')), () =>
        HttpResponse.json({ status: false, data: '桌台不存在', code: 'TABLE_UNKNOWN' }, { status: 404 }),
      ),
    );
    renderPage(<CasinoTablePage />, { route: '/casino/NOPE', path: paths.casinoTable });
    expect(await screen.findByText('没有这张桌台')).toBeTruthy();
  });
});
