import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { mainBalance, type Operator, operator, walletMember } from '../test/wallet-fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SLOT_SECRET = 'slot1-test-secret-0123456789';
const LIVE_SECRET = 'live1-test-secret-0123456789';

/** A port in 18000-18999 nothing listens on. */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 18_000 + Math.floor(Math.random() * 1_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18000-18999');
}

/**
 * Both wallet models against the simulated vendor service (apps/vendor-sim) running as its own process on its own
 * port, and our server listening on a real port (the seamless vendor calls it back): launch, auto transfer, recall,
 * a vendor that times out or loses its reply, reconciliation, bet history, maintenance and presence.
 */
describe.each(testDatabases)('external vendors over HTTP on %s', (kind) => {
  let sut: TestApp;
  let desk: Operator;
  let sim: ChildProcess;
  let simUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    const simPort = await freePort();
    let serverPort = await freePort();
    while (serverPort === simPort) serverPort = await freePort();
    simUrl = `http://127.0.0.1:${simPort}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'jinb-vendor-sim-'));
    sim = spawn(process.execPath, ['--import', 'tsx', 'apps/vendor-sim/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        VENDOR_SIM_PORT: String(simPort),
        JINB_URL: `http://127.0.0.1:${serverPort}`,
        VENDOR_SIM_DATA: path.join(dataDir, 'sim.json'),
        VENDOR_SIM_HOOKS: '1',
        VENDOR_SIM_VENDORS: JSON.stringify([
          { platform: 'slot1', wallet: 'transfer', secret: SLOT_SECRET },
          { platform: 'live1', wallet: 'seamless', secret: LIVE_SECRET },
        ]),
      },
      stdio: 'ignore',
    });
    sut = await createTestApp(kind, {
      env: {
        // Presence lives in Redis when the tests have one: this app's keys apart from every other's.
        WS_REDIS_PREFIX: `jinb-test:${simPort}:`,
        VENDORS: JSON.stringify([
          {
            platform: 'slot1',
            name: '测试电子',
            wallet: 'transfer',
            baseUrl: `${simUrl}/v/slot1`,
            secret: SLOT_SECRET,
            venueId: 2,
            timeoutMs: 500,
          },
          {
            platform: 'live1',
            name: '测试真人',
            wallet: 'seamless',
            baseUrl: `${simUrl}/v/live1`,
            secret: LIVE_SECRET,
          },
        ]),
      },
    });
    await sut.app.listen({ port: serverPort, host: '127.0.0.1' });
    desk = await operator(sut);
    for (let waited = 0; ; waited += 100) {
      if (
        await fetch(`${simUrl}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (waited > 30_000) throw new Error('vendor-sim did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    sim?.kill('SIGTERM');
    await sut?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function funded(amount: string) {
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, amount);
    return { ...member, headers: { t: member.token } };
  }
  const launch = (m: { headers: Record<string, string> }, body: Record<string, string>) =>
    sut.post('/api/f/v1/game/launch', body, { ...m.headers, origin: 'https://site.example' });
  const hook = (mode: 'normal' | 'timeout' | 'lose-reply') =>
    fetch(`${simUrl}/sim/hooks`, { method: 'POST', body: JSON.stringify({ platform: 'slot1', mode, delayMs: 1_500 }) });
  const slotWallet = async (m: { headers: Record<string, string> }) =>
    (
      (await sut.get('/api/game/walletlist', m.headers)).json().data as Array<{
        code: string;
        balance: string;
        pending: string;
      }>
    ).find((venue) => venue.code === 'slot1');
  const tokenOf = (url: string) => new URL(url).pathname.split('/')[2] ?? '';
  /** What the vendor's page does: its own endpoints on the simulator. */
  // biome-ignore lint/suspicious/noExplicitAny: the simulator's answers are read as loose JSON
  const page = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();

  it('launches a transfer vendor game with auto transfer, plays at the vendor, and recalls the rest', async () => {
    await hook('normal');
    const m = await funded('300');
    const launched = await launch(m, { id: '1018' });
    expect(launched.json().data).toMatchObject({
      kind: 'vendor',
      gameid: '1018',
      platform: 'slot1',
      wallet: 'transfer',
      transferred: '300.0000',
    });
    const url = launched.json().data.url as string;
    expect(url.startsWith(`${simUrl}/play/`)).toBe(true);
    expect(await mainBalance(sut, m.token)).toBe('0.0000');
    expect(await slotWallet(m)).toMatchObject({ balance: '300.0000', pending: '0.0000' });
    // The vendor's page knows where its back button goes.
    const state = await page(`${url}/state`);
    expect(state).toMatchObject({
      wallet: 'transfer',
      balance: '300.0000',
      returnUrl: 'https://site.example/app/venueBack',
    });

    for (let spin = 0; spin < 5; spin++) {
      const played = await page(`${url}/spin`, { method: 'POST', body: JSON.stringify({ stake: 10 }) });
      expect(played.code).toBe('OK');
    }
    const atVendor = (await slotWallet(m))?.balance;
    const recalled = (await sut.post('/api/f/v1/wallet/recall', {}, m.headers)).json().data;
    expect(recalled.main).toBe(atVendor);
    expect((await slotWallet(m))?.balance).toBe('0.0000');

    // The vendor's history comes into the member's records with its valid turnover.
    const pulled = await sut.container.games.bets.pull();
    expect(pulled.find((entry) => entry.platform === 'slot1')).toMatchObject({ recorded: 5 });
    expect((await sut.container.games.bets.pull())[0]).toMatchObject({ recorded: 0 });
    const records = (await sut.get('/api/f/v1/game/records', m.headers)).json().data;
    expect(records.total).toBe(5);
    expect(records.totals).toMatchObject({ stake: '50.0000', valid: '50.0000' });
    expect(records.list[0]).toMatchObject({
      platform: 'slot1',
      vendor: '测试电子',
      game: 'slot1-1018',
      status: 'settled',
    });
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('moves nothing on launch when the member turned auto transfer off', async () => {
    await hook('normal');
    const m = await funded('100');
    expect((await sut.post('/api/f/v1/game/auto-transfer', { autoTransfer: 'false' }, m.headers)).json().data).toEqual({
      autoTransfer: false,
    });
    expect((await sut.get('/api/f/v1/game/auto-transfer', m.headers)).json().data).toEqual({ autoTransfer: false });
    expect((await launch(m, { id: '1019' })).json().data.transferred).toBe('0.0000');
    expect(await mainBalance(sut, m.token)).toBe('100.0000');
    // The launch may still ask for it.
    expect((await launch(m, { id: '1019', autoTransfer: 'true' })).json().data.transferred).toBe('100.0000');
  });

  it('leaves a transfer the vendor never answered pending, and reconciliation refunds it (nothing moved there)', async () => {
    const m = await funded('80');
    await hook('timeout');
    const launched = (await launch(m, { id: '1020' })).json().data;
    expect(launched).toMatchObject({ kind: 'vendor', transferred: '0.0000' });
    expect(await mainBalance(sut, m.token)).toBe('0.0000');
    expect(await slotWallet(m)).toMatchObject({ pending: '80.0000' });
    await hook('normal');
    const outcome = await sut.container.wallet.venues.reconcile(undefined, 0);
    expect(outcome).toMatchObject({ failed: 1, stillPending: 0 });
    expect(await mainBalance(sut, m.token)).toBe('80.0000');
    expect(await slotWallet(m)).toMatchObject({ balance: '0.0000', pending: '0.0000' });
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('leaves a transfer whose reply was lost pending, and reconciliation confirms it (it reached the vendor)', async () => {
    const m = await funded('60');
    await hook('lose-reply');
    expect((await launch(m, { id: '1021' })).json().data.transferred).toBe('0.0000');
    expect(await slotWallet(m)).toMatchObject({ balance: '60.0000', pending: '60.0000' });
    expect(await mainBalance(sut, m.token)).toBe('0.0000');
    await hook('normal');
    expect(await sut.container.wallet.venues.reconcile(undefined, 0)).toMatchObject({ confirmed: 1, stillPending: 0 });
    expect(await slotWallet(m)).toMatchObject({ balance: '60.0000', pending: '0.0000' });
    expect(await mainBalance(sut, m.token)).toBe('0.0000');
    // A second run finds nothing left to settle: each transfer is final on exactly one side.
    expect((await sut.container.wallet.venues.reconcile(undefined, 0)).checked).toBe(0);
    expect((await desk.ledgerCheck()).ok).toBe(true);
  });

  it('plays a seamless vendor game whose every spin calls our wallet, signed', async () => {
    const m = await funded('50');
    const launched = (await launch(m, { id: '1015' })).json().data;
    expect(launched).toMatchObject({ kind: 'vendor', platform: 'live1', wallet: 'seamless', transferred: '0.0000' });
    const url = launched.url as string;
    expect((await page(`${url}/state`)).balance).toBe('50.0000');
    let expected = 50n * 10_000n;
    for (let spin = 0; spin < 4; spin++) {
      const played = await page(`${url}/spin`, { method: 'POST', body: JSON.stringify({ stake: 5 }) });
      expect(played.code).toBe('OK');
      const win = BigInt(Math.round(Number(played.win) * 10_000));
      expected += win - 5n * 10_000n;
    }
    const main = await mainBalance(sut, m.token);
    expect(BigInt(Math.round(Number(main) * 10_000))).toBe(expected);
    const records = (await sut.get('/api/f/v1/game/records', m.headers)).json().data;
    expect(records).toMatchObject({ total: 4, totals: { stake: '20.0000', valid: '20.0000' } });
    expect(tokenOf(url)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers each kind of game: our sportsbook, our tables, unknown and not yet open', async () => {
    const m = await funded('1');
    expect((await launch(m, { id: '1006' })).json().data).toMatchObject({
      url: '/sports?sport=football',
      kind: 'site',
      wallet: 'house',
    });
    const table = (await launch(m, { id: '1002' })).json();
    // Our baccarat table opens as a site page when the casino module serves it (GAME_UNAVAILABLE until then).
    if (table.status) expect(table.data).toMatchObject({ kind: 'site', platform: 'house', wallet: 'house' });
    if (table.status) expect(table.data.url).toMatch(/^\/casino\/[A-Z0-9]+$/);
    else expect(table.code).toBe('GAME_UNAVAILABLE');
    expect((await launch(m, { id: '99999' })).json()).toMatchObject({ status: false, code: 'GAME_UNKNOWN' });
    expect((await launch(m, { id: '1025' })).json()).toMatchObject({ status: false, code: 'GAME_UNAVAILABLE' });
    // 六合彩 is in maintenance in the demo catalogue.
    expect((await launch(m, { id: '1036' })).json()).toMatchObject({ status: false, code: 'VENUE_UNAVAILABLE' });
    expect((await sut.post('/api/f/v1/game/launch', { id: '1018' })).json().data).toBe('token');
  });

  it('takes a vendor into maintenance: the lobby says so, launch and transfers are refused, operators see it', async () => {
    const m = await funded('10');
    const switched = await desk.post('/api/admin/v1/vendors/slot1/maintenance', { maintenance: 'true' });
    expect(switched.json().data).toMatchObject({ platform: 'slot1', wallet: 'transfer', maintenance: true });
    try {
      expect((await launch(m, { id: '1018' })).json()).toMatchObject({ status: false, code: 'VENUE_UNAVAILABLE' });
      const lobby = (await sut.get('/api/findmed/v1/game/list?show=1018,1015')).json().data;
      const games = lobby.flatMap((group: { games: Array<{ id: number; maintenance: boolean; playable: boolean }> }) =>
        group.games.map((game) => [game.id, game.playable, game.maintenance]),
      );
      expect(games).toEqual([
        [1015, true, false],
        [1018, true, true],
      ]);
      const transfer = await sut.post(
        '/api/f/v1/wallet/transfer',
        { from: 'main', to: 'slot1', amount: '5' },
        m.headers,
      );
      expect(transfer.json()).toMatchObject({ status: false, code: 'VENUE_UNAVAILABLE' });
      const listed = (await desk.get('/api/admin/v1/vendors')).json().data;
      expect(listed).toEqual([
        { platform: 'slot1', name: '测试电子', wallet: 'transfer', maintenance: true, players: expect.any(Number) },
        { platform: 'live1', name: '测试真人', wallet: 'seamless', maintenance: false, players: expect.any(Number) },
      ]);
      const [audit] = resultRows<{ action: string }>(
        await sut.container.db.execute(
          sql`select action from audit_log where target = 'vendor:slot1' order by id desc limit 1`,
        ),
      );
      expect(audit?.action).toBe('vendors.maintenance.on');
    } finally {
      await desk.post('/api/admin/v1/vendors/slot1/maintenance', { maintenance: 'false' });
    }
    expect((await launch(m, { id: '1018' })).json().status).toBe(true);
  });

  it("lists who is in which game from the members' heartbeats", async () => {
    const m = await funded('1');
    await sut.post('/api/findmed/v1/heartbeat', { gameid: '1015', platform: 'live1' }, m.headers);
    const players = (await desk.get('/api/admin/v1/games/players')).json().data.list;
    expect(players).toContainEqual(
      expect.objectContaining({ memberId: m.id, account: m.account, gameid: '1015', platform: 'live1' }),
    );
    const vendors = (await desk.get('/api/admin/v1/vendors')).json().data;
    expect(vendors.find((vendor: { platform: string }) => vendor.platform === 'live1').players).toBeGreaterThanOrEqual(
      1,
    );
    // Leaving the game (an empty game session) takes the member off the list at once.
    await sut.post('/api/findmed/v1/heartbeat', { gameid: '', platform: '' }, m.headers);
    const after = (await desk.get('/api/admin/v1/games/players')).json().data.list;
    expect(after.find((entry: { memberId: string }) => entry.memberId === m.id)).toBeUndefined();
  });
});
