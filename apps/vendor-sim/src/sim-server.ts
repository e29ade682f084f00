import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { playPage } from './play-page';
import { SIGNATURE_HEADER, sign, TIMESTAMP_HEADER, verify } from './signature';
import type { SimConfig, SimVendor } from './sim-config';
import { createSimStore } from './sim-store';
import { spin } from './slot';

/** How a vendor answers our transfer calls: normally, too late (nothing applied), or applied with the reply lost. */
export type HookMode = 'normal' | 'timeout' | 'lose-reply';

const MAX_BODY = 16 * 1024;
const SESSION_MS = 12 * 3_600_000;
/** Stakes a spin may take, in whole units. */
const STAKES = [1, 2, 5, 10, 20, 50, 100];

const scale = 10_000n;
function parseMoney(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,4})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * scale + BigInt(fraction.padEnd(4, '0'));
}
const formatMoney = (value: bigint) => `${value / scale}.${(value % scale).toString().padStart(4, '0')}`;

type Session = { platform: string; player: string; game: string; lang: string; returnUrl: string; expires: number };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(text);
}

/**
 * The simulated external vendor (packages/contract/src/vendor-api.ts, the vendor's side), one HTTP service for every
 * configured platform under /v/{platform}: launch, the transfer wallet (deposit, withdraw, status, balance, bet
 * history) for transfer vendors, and a slot page that plays with the vendor's own balance (transfer) or by calling
 * our wallet for each bet and win (seamless). Test hooks make a platform time out or lose its replies.
 */
export function createVendorSim(config: SimConfig) {
  const store = createSimStore(config.dataFile);
  const vendors = new Map(config.vendors.map((vendor) => [vendor.platform, vendor]));
  const sessions = new Map<string, Session>();
  const hooks = new Map<string, { mode: HookMode; delayMs: number }>();

  /** A signed call to our seamless wallet API; null when it gave no answer. */
  async function callWallet(vendor: SimVendor, action: string, body: object): Promise<Record<string, unknown> | null> {
    const text = JSON.stringify(body);
    const timestamp = String(Date.now());
    try {
      const response = await fetch(`${config.serverUrl}/api/vendor/v1/${vendor.platform}/wallet/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: sign(vendor.secret, timestamp, text),
        },
        body: text,
        signal: AbortSignal.timeout(5_000),
      });
      return (await response.json()) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  /** Calls our wallet until it answers (a lost reply is retried with the same txId: it must not count twice). */
  async function callWalletRetrying(vendor: SimVendor, action: string, body: object) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await callWallet(vendor, action, body);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
    return null;
  }

  async function balanceOf(session: Session): Promise<bigint | null> {
    const vendor = vendors.get(session.platform);
    if (!vendor) return null;
    if (vendor.wallet === 'transfer') return store.balance(vendor.platform, session.player);
    const answer = await callWallet(vendor, 'balance', { player: session.player });
    return answer?.code === 'OK' ? parseMoney(answer.balance) : null;
  }

  async function play(session: Session, stake: bigint) {
    const vendor = vendors.get(session.platform);
    if (!vendor) return { code: 'FAILED' };
    const round = `r${store.nextId()}`;
    const placedAt = new Date().toISOString();
    if (vendor.wallet === 'transfer') {
      const balance = store.balance(vendor.platform, session.player);
      if (balance < stake) return { code: 'INSUFFICIENT_FUNDS', balance: formatMoney(balance) };
      const result = spin(stake);
      const after = balance - stake + result.win;
      store.addBet(
        vendor.platform,
        {
          betId: `${vendor.platform}-${round}`,
          player: session.player,
          game: session.game,
          round,
          stake: formatMoney(stake),
          payout: formatMoney(result.win),
          placedAt,
          settledAt: new Date().toISOString(),
        },
        after,
      );
      return { code: 'OK', reels: result.reels, win: formatMoney(result.win), balance: formatMoney(after) };
    }
    // Seamless: our wallet takes the stake first; only an accepted bet spins.
    const betTxId = `bet-${round}-${randomBytes(4).toString('hex')}`;
    const bet = { player: session.player, txId: betTxId, amount: formatMoney(stake), round, game: session.game };
    const placed = await callWalletRetrying(vendor, 'bet', bet);
    if (!placed) {
      // We never heard whether the bet went through: roll it back (a rollback of an unseen bet is recorded there).
      await callWalletRetrying(vendor, 'rollback', { ...bet, txId: `rb-${betTxId}`, betTxId });
      return { code: 'FAILED' };
    }
    if (placed.code !== 'OK') return { code: placed.code, balance: placed.balance };
    const result = spin(stake);
    const win = {
      player: session.player,
      txId: `win-${betTxId}`,
      betTxId,
      amount: formatMoney(result.win),
      round,
      game: session.game,
    };
    const paid = await callWalletRetrying(vendor, 'win', win);
    return {
      code: paid?.code === 'OK' ? 'OK' : 'FAILED',
      reels: result.reels,
      win: formatMoney(result.win),
      balance: paid?.balance ?? placed.balance,
    };
  }

  /** The vendor API our server calls (signed). */
  async function vendorApi(vendor: SimVendor, call: string, body: Record<string, unknown>, response: ServerResponse) {
    const player = typeof body.player === 'string' && /^p\d{1,18}$/.test(body.player) ? body.player : null;
    if (call === 'launch') {
      if (!player || typeof body.game !== 'string' || typeof body.returnUrl !== 'string')
        return json(response, 200, { code: 'BAD_REQUEST' });
      const token = randomUUID();
      sessions.set(token, {
        platform: vendor.platform,
        player,
        game: body.game,
        lang: typeof body.lang === 'string' ? body.lang : 'zh-CN',
        returnUrl: body.returnUrl,
        expires: Date.now() + SESSION_MS,
      });
      return json(response, 200, { code: 'OK', url: `${config.publicUrl}/play/${token}` });
    }
    if (vendor.wallet !== 'transfer') return json(response, 404, { code: 'BAD_REQUEST' });
    if (call === 'balance') {
      if (!player) return json(response, 200, { code: 'BAD_REQUEST', balance: '0' });
      return json(response, 200, { code: 'OK', balance: formatMoney(store.balance(vendor.platform, player)) });
    }
    if (call === 'bets') {
      const after = typeof body.after === 'string' && /^\d{1,12}$/.test(body.after) ? Number(body.after) : 0;
      const page = store.bets(vendor.platform, after, 100);
      return json(response, 200, { list: page.list, next: String(page.next) });
    }
    if (call === 'transfer/status') {
      const done = typeof body.reference === 'string' ? store.transfer(vendor.platform, body.reference) : undefined;
      // A transfer never seen here did not happen here.
      return json(response, 200, { state: done?.state ?? 'failed' });
    }
    if (call === 'transfer/deposit' || call === 'transfer/withdraw') {
      const amount = parseMoney(body.amount);
      const reference = typeof body.reference === 'string' && body.reference ? body.reference : null;
      if (!player || amount === null || amount <= 0n || !reference) return json(response, 200, { code: 'BAD_REQUEST' });
      const hook = hooks.get(vendor.platform) ?? { mode: 'normal', delayMs: 0 };
      if (hook.mode === 'timeout') {
        // Too slow: nothing is applied, and the answer comes after our server stopped waiting.
        await new Promise((resolve) => setTimeout(resolve, hook.delayMs));
        return json(response, 504, { code: 'FAILED' });
      }
      const kind = call === 'transfer/deposit' ? 'deposit' : 'withdraw';
      let done = store.transfer(vendor.platform, reference);
      if (!done) {
        const balance = store.balance(vendor.platform, player);
        const after = kind === 'deposit' ? balance + amount : balance - amount;
        done = { kind, player, amount: formatMoney(amount), state: after < 0n ? 'failed' : 'confirmed' };
        store.applyTransfer(vendor.platform, reference, done, after < 0n ? undefined : after);
      }
      if (hook.mode === 'lose-reply') {
        // Applied, but the reply never arrives: the connection drops.
        response.socket?.destroy();
        return;
      }
      return json(response, 200, {
        code: done.state === 'confirmed' ? 'OK' : 'INSUFFICIENT_FUNDS',
        balance: formatMoney(store.balance(vendor.platform, player)),
      });
    }
    return json(response, 404, { code: 'BAD_REQUEST' });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sim');
    const method = request.method ?? 'GET';

    const api = url.pathname.match(
      /^\/v\/([a-z0-9]{2,20})\/api\/(launch|balance|bets|transfer\/(?:deposit|withdraw|status))$/,
    );
    if (api && method === 'POST') {
      const vendor = vendors.get(api[1]!);
      if (!vendor) return json(response, 404, { code: 'BAD_REQUEST' });
      const raw = await readBody(request);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      if (!verify(vendor.secret, header(TIMESTAMP_HEADER), header(SIGNATURE_HEADER), raw))
        return json(response, 401, { code: 'SIGNATURE_INVALID' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(response, 400, { code: 'BAD_REQUEST' });
      }
      return vendorApi(vendor, api[2]!, body, response);
    }

    const playing = url.pathname.match(/^\/play\/([0-9a-f-]{36})(\/state|\/spin)?$/);
    if (playing) {
      const session = sessions.get(playing[1]!);
      if (!session || session.expires < Date.now()) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('session expired');
        return;
      }
      if (!playing[2] && method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(playPage({ lang: session.lang, stakes: STAKES }));
        return;
      }
      if (playing[2] === '/state' && method === 'GET') {
        const vendor = vendors.get(session.platform);
        const balance = await balanceOf(session);
        return json(response, 200, {
          game: session.game,
          wallet: vendor?.wallet,
          returnUrl: session.returnUrl,
          balance: balance === null ? null : formatMoney(balance),
        });
      }
      if (playing[2] === '/spin' && method === 'POST') {
        const body = JSON.parse((await readBody(request)) || '{}') as { stake?: unknown };
        const stake = typeof body.stake === 'number' && STAKES.includes(body.stake) ? BigInt(body.stake) * scale : null;
        if (stake === null) return json(response, 400, { code: 'BAD_REQUEST' });
        return json(response, 200, await play(session, stake));
      }
    }

    if (config.hooks && url.pathname === '/sim/hooks' && method === 'POST') {
      const body = JSON.parse(await readBody(request)) as { platform: string; mode: HookMode; delayMs?: number };
      hooks.set(body.platform, { mode: body.mode, delayMs: body.delayMs ?? 10_000 });
      return json(response, 200, { ok: true });
    }
    if (url.pathname === '/health') return json(response, 200, { ok: true });
    return json(response, 404, { code: 'BAD_REQUEST' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 500, { code: 'FAILED' });
      else response.destroy();
    });
  });

  return {
    server,
    listen(): Promise<void> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
