import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { adminApi, api, HEADER, sportsApi, walletAdminApi, walletApi } from '@jinb/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encryptPassword, newDevice, siteHeaders } from '../bench/lib/member-client';

/**
 * The production shape as deploy/local-up.sh starts it (two nodes in demo mode behind nginx, PostgreSQL, Redis,
 * Prometheus), brought up once and driven only through nginx, as members and operators reach it: a journey, a rolling
 * restart under load, a node killed with SIGKILL under load. See deploy/README.md, "Tests".
 */
const run = promisify(execFile);
const DEPLOY = import.meta.dirname;
const ROOT = path.resolve(DEPLOY, '..');
const CAPTCHA = '4321';
const MEMBER = { account: 'demo01', password: 'demo123456' };
const OPERATOR = { account: 'admin', password: 'admin123456' };
/** How long a money call is replayed before the client gives up (a restart takes well under this). */
const REPLAY_FOR_MS = 45_000;

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

function missingTools(): string[] {
  const missing = ['nginx', 'redis-server', 'prometheus', 'envsubst', 'openssl', 'curl', 'ss'].filter(
    (tool) => !onPath(tool),
  );
  const initdb = spawnSync('sh', ['-c', 'ls /usr/lib/postgresql/*/bin/initdb']).status === 0;
  if (!initdb) missing.push('initdb (postgresql)');
  return missing;
}

const missing = missingTools();
if (missing.length) console.log(`through-balancer: skipped, missing ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
type Envelope<T = unknown> = { status?: boolean; data?: T; code?: string };

/** Keep-alive connections, as a browser holds them; the certificate is local-up's self-signed one. */
const edgeAgent = new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 64 });

/** One request through nginx (HTTPS) or straight to a node (HTTP). Rejects on a connection error. */
function call(
  base: string,
  pathName: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(pathName, base);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(url.protocol === 'https:' ? { agent: edgeAgent } : {}),
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(options.body);
  });
}

function envelope<T>(answer: Answer): Envelope<T> {
  try {
    return JSON.parse(answer.body) as Envelope<T>;
  } catch {
    return {};
  }
}

async function data<T>(label: string, answer: Promise<Answer>): Promise<T> {
  const result = await answer;
  const body = envelope<T>(result);
  if (result.status !== 200 || body.status !== true)
    throw new Error(`${label}: HTTP ${result.status} ${result.body.slice(0, 300)}`);
  return body.data as T;
}

const json = (body: unknown) => JSON.stringify(body);

type Local = {
  dir: string;
  url: string;
  nodes: number[];
  databaseUrl: string;
  pidOf(port: number): number;
};

function stateOf(dir: string): Map<string, string> {
  const state = new Map<string, string>();
  for (const line of readFileSync(path.join(dir, 'state.env'), 'utf8').split('\n')) {
    const at = line.indexOf('=');
    // printf %q escapes spaces and the like with a backslash; nothing local-up records needs more than that.
    if (at > 0) state.set(line.slice(0, at), line.slice(at + 1).replace(/\\(.)/g, '$1'));
  }
  return state;
}

function readState(dir: string): Local {
  const state = stateOf(dir);
  return {
    dir,
    url: state.get('JINB_URL')!,
    nodes: (state.get('NODE_PORTS') ?? '').split(' ').map(Number),
    databaseUrl: state.get('DATABASE_URL')!,
    // Read afresh: local-node.sh rewrites the state file when it starts a node.
    pidOf: (port) => Number(stateOf(dir).get(`PID_node_${port}`)),
  };
}

/** deploy/local-node.sh <action> <port>; returns how long it took (a restart includes nginx's 5 s settle). */
async function nodeAction(local: Local, action: 'restart' | 'kill' | 'start' | 'stop', port: number) {
  const started = performance.now();
  await run(path.join(DEPLOY, 'local-node.sh'), [action, String(port)], {
    // Not local-up's environment: an operator restarts a node from another shell, and the node must still get the
    // settings the run started with (its raised read limits, or the load meets 429s after a restart).
    env: { ...process.env, JINB_LOCAL_DIR: local.dir },
    timeout: 120_000,
  });
  return Math.round(performance.now() - started);
}

/** The site's calls: its headers on every request, the session token, and the rotated token adopted. */
function memberSession(base: string, token: string) {
  const device = newDevice();
  const session = { token };
  const headers = (extra: Record<string, string> = {}) =>
    siteHeaders(device, { [HEADER.token]: session.token, ...extra });
  const adopt = (answer: Answer) => {
    const rotated = answer.headers[HEADER.rotatedToken];
    if (typeof rotated === 'string' && rotated) session.token = rotated;
    return answer;
  };
  return {
    session,
    get: (pathName: string) => call(base, pathName, { headers: headers() }).then(adopt),
    post: (pathName: string, body: string, contentType: string, key?: string) =>
      call(base, pathName, {
        method: 'POST',
        headers: headers({ 'content-type': contentType, ...(key ? { [HEADER.idempotencyKey]: key } : {}) }),
        body,
      }).then(adopt),
  };
}

/**
 * The site's rule for a money call (apps/web/src/shared/api/idempotency.ts): one Idempotency-Key per action, kept
 * until the action succeeded, so sending it again is harmless. Here the member "taps again" at once whenever the
 * answer never came (a connection error) or the edge had no node for it (502, 503, 504).
 */
async function withReplays(send: () => Promise<Answer>, counters: { replays: number }): Promise<Answer> {
  const deadline = performance.now() + REPLAY_FOR_MS;
  for (;;) {
    let answer: Answer | undefined;
    try {
      answer = await send();
    } catch {
      answer = undefined;
    }
    if (answer && ![502, 503, 504].includes(answer.status)) return answer;
    if (performance.now() > deadline) return answer ?? { status: 0, headers: {}, body: 'connection error' };
    counters.replays++;
    await sleep(250);
  }
}

async function signInMember(base: string): Promise<string> {
  const device = newDevice();
  const headers = siteHeaders(device);
  const { key } = await data<{ key: string }>('publicKey', call(base, api.publicKey, { headers }));
  await call(base, api.captcha, { headers });
  const body = new URLSearchParams({
    account: MEMBER.account,
    password: encryptPassword(key, MEMBER.password),
    code: CAPTCHA,
  }).toString();
  const signedIn = await data<{ token: string }>(
    'member login',
    call(base, api.login, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
  );
  return signedIn.token;
}

async function signInOperator(base: string): Promise<string> {
  const headers = siteHeaders(`console-balancer-${randomUUID()}`);
  await call(base, api.captcha, { headers });
  const signedIn = await data<{ token: string }>(
    'operator login',
    call(base, adminApi.adminLogin, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: json({ ...OPERATOR, code: CAPTCHA }),
    }),
  );
  return signedIn.token;
}

type Side = 'home' | 'draw' | 'away';
type Event = { id: string; marketId: string; selections: Record<Side, { id: string; odds: string }> };

/**
 * A realtime subscriber through nginx that reconnects as the site does: with `since` set to the last publication it
 * saw, so the channel replays what it missed. Records every version of the topic, reloads and reconnections.
 */
function followTopic(wsUrl: string, origin: string, topic: string) {
  const state = {
    versions: [] as number[],
    epoch: undefined as string | number | undefined,
    reloads: 0,
    reconnects: 0,
    errors: [] as string[],
    closed: false,
    socket: undefined as WebSocket | undefined,
  };
  let opened!: () => void;
  const firstOpen = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const connect = () => {
    const socket = new WebSocket(wsUrl, { rejectUnauthorized: false, origin, perMessageDeflate: false });
    state.socket = socket;
    socket.on('open', () => {
      const last = state.versions.at(-1);
      const since = last !== undefined && state.epoch !== undefined ? { epoch: state.epoch, version: last } : undefined;
      socket.send(json({ op: 'sub', topic, ...(since ? { since } : {}) }));
    });
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as {
        op?: string;
        topic?: string;
        epoch?: string | number;
        version?: number;
        code?: string;
      };
      if (frame.op === 'subscribed') opened();
      else if (frame.op === 'reload') state.reloads++;
      else if (frame.op === 'error') state.errors.push(frame.code ?? 'error');
      else if (frame.op === undefined && frame.topic === topic && typeof frame.version === 'number') {
        if (state.epoch !== undefined && frame.epoch !== state.epoch) state.errors.push('epoch changed');
        state.epoch = frame.epoch;
        state.versions.push(frame.version);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (state.closed) return;
      state.reconnects++;
      setTimeout(connect, 300);
    });
  };
  connect();
  return {
    state,
    firstOpen,
    close() {
      state.closed = true;
      state.socket?.terminate();
    },
    /** Versions missing between the first and the last one seen, and any seen twice. */
    gaps(): { missing: number; duplicates: number } {
      const seen = new Set(state.versions);
      const first = state.versions[0] ?? 0;
      const last = state.versions.at(-1) ?? 0;
      let missing = 0;
      for (let version = first; version <= last; version++) if (!seen.has(version)) missing++;
      return { missing, duplicates: state.versions.length - seen.size };
    },
  };
}

type LoadFigures = {
  requests: number;
  reads: number;
  bets: number;
  transfers: number;
  failures: string[];
  replays: number;
  betKeys: Set<string>;
  transferKeys: Set<string>;
};

/**
 * A few members' worth of traffic through nginx until `stop()`: 70% reads, 20% bets, 10% venue transfers (out, then
 * back in, so the venue never runs dry). Reads are never retried by the client: nginx must. Money calls are replayed
 * with their key (withReplays). Any other answer than success is a failure.
 */
function startLoad(
  base: string,
  token: string,
  options: { clients: number; betOn: () => Event; tag: string; priceEvent: Event },
) {
  const figures: LoadFigures = {
    requests: 0,
    reads: 0,
    bets: 0,
    transfers: 0,
    failures: [],
    replays: 0,
    betKeys: new Set(),
    transferKeys: new Set(),
  };
  let stopping = false;
  const client = async (index: number) => {
    const member = memberSession(base, token);
    let venueOut = false;
    for (let sequence = 0; !stopping; sequence++) {
      const slot = sequence % 10;
      figures.requests++;
      if (slot < 7) {
        figures.reads++;
        const pathName = [
          api.balance,
          sportsApi.sportsEvent.replace(':id', options.priceEvent.id),
          `${sportsApi.sportsEvents}?sport=football`,
        ][slot % 3]!;
        try {
          const answer = await member.get(pathName);
          if (answer.status !== 200 || envelope(answer).status !== true)
            figures.failures.push(`GET ${pathName}: HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
        } catch (error) {
          figures.failures.push(`GET ${pathName}: ${(error as Error).message}`);
        }
      } else if (slot < 9) {
        figures.bets++;
        const event = options.betOn();
        const side: Side = (['home', 'draw', 'away'] as const)[sequence % 3]!;
        const key = `${options.tag}-bet-${index}-${sequence}`;
        const body = json({
          type: 'single',
          legs: [{ selectionId: event.selections[side].id, odds: event.selections[side].odds }],
          stake: '10',
          acceptOdds: 'none',
        });
        const answer = await withReplays(() => member.post(sportsApi.placeBet, body, 'application/json', key), figures);
        if (answer.status === 200 && envelope(answer).status === true) figures.betKeys.add(key);
        else figures.failures.push(`bet ${key}: HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
      } else {
        figures.transfers++;
        const key = `${options.tag}-transfer-${index}-${sequence}`;
        const body = new URLSearchParams(
          venueOut ? { from: 'house', to: 'main', amount: '5' } : { from: 'main', to: 'house', amount: '5' },
        ).toString();
        const answer = await withReplays(
          () => member.post(walletApi.transfer, body, 'application/x-www-form-urlencoded', key),
          figures,
        );
        if (answer.status === 200 && envelope(answer).status === true) {
          figures.transferKeys.add(key);
          venueOut = !venueOut;
        } else figures.failures.push(`transfer ${key}: HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return {
    figures,
    async stop() {
      stopping = true;
      await running;
      return figures;
    },
  };
}

/** An operator moving one price through nginx every `everyMs` (each a publication on the event's topic). */
function startPriceMoves(base: string, operator: string, event: Event, everyMs: number) {
  let stopping = false;
  const counters = { moves: 0, replays: 0, failures: [] as string[] };
  const loop = (async () => {
    for (let index = 0; !stopping; index++) {
      const odds = (2 + (index % 90) / 100).toFixed(2);
      const answer = await withReplays(
        () =>
          call(base, sportsApi.adminSportsMarketPrices.replace(':id', event.marketId), {
            method: 'POST',
            headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
            body: json({ selections: [{ id: event.selections.home.id, odds }] }),
          }),
        counters,
      );
      if (answer.status === 200 && envelope(answer).status === true) counters.moves++;
      else counters.failures.push(`price: HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
      await sleep(everyMs);
    }
  })();
  return {
    counters,
    async stop() {
      stopping = true;
      await loop;
      return counters;
    },
  };
}

describe.skipIf(missing.length > 0)('through the balancer: two nodes behind nginx (deploy/local-up.sh, demo)', () => {
  let local: Local;
  let scratch: string | undefined;
  let keepDir = false;
  let operator: string;
  let memberToken: string;
  let db: pg.Pool;
  const tag = randomUUID().slice(0, 8);
  const events: Record<'price' | 'betsA' | 'betsB' | 'live', Event> = {} as never;

  async function createEvent(name: string): Promise<Event> {
    const created = await data<{
      id: string;
      markets: Array<{ id: string; type: string; selections: Array<{ id: string; side: Side; odds: string }> }>;
    }>(
      'create event',
      call(local.url, sportsApi.adminSportsCreateEvent, {
        method: 'POST',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
        body: json({
          sport: 'football',
          competition: `Balancer ${tag}`,
          home: `${name} H ${tag}`,
          away: `${name} A ${tag}`,
          startTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
          markets: [
            {
              type: '1x2',
              period: 'ft',
              selections: [
                { side: 'home', odds: '2.10' },
                { side: 'draw', odds: '3.30' },
                { side: 'away', odds: '3.40' },
              ],
            },
          ],
        }),
      }),
    );
    const market = created.markets.find((entry) => entry.type === '1x2')!;
    const side = (name: Side) => {
      const selection = market.selections.find((entry) => entry.side === name)!;
      return { id: selection.id, odds: selection.odds };
    };
    return {
      id: created.id,
      marketId: market.id,
      selections: { home: side('home'), draw: side('draw'), away: side('away') },
    };
  }

  const operatorGet = <T>(label: string, pathName: string) =>
    data<T>(label, call(local.url, pathName, { headers: { authorization: `Bearer ${operator}` } }));

  beforeAll(async () => {
    const dir = process.env.JINB_LOCAL_DIR;
    keepDir = Boolean(dir);
    scratch = dir ? undefined : mkdtempSync(path.join(tmpdir(), 'jinb-balancer-'));
    const localDir = dir ?? path.join(scratch!, 'local');
    mkdirSync(localDir, { recursive: true });
    // As root, PostgreSQL runs as the postgres user, which must reach its cluster inside the folder.
    if (scratch) chmodSync(scratch, 0o755);
    chmodSync(localDir, 0o755);
    // The journeys need no page: without a built site the nodes get a one-file shell (the pages have tests of their own).
    const dist = (app: 'web' | 'console') => {
      const built = path.join(ROOT, 'apps', app, 'dist');
      if (existsSync(path.join(built, 'index.html'))) return built;
      const shell = path.join(localDir, `${app}-shell`);
      mkdirSync(shell, { recursive: true });
      writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>jinb</title>\n');
      return shell;
    };
    const started = performance.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      JINB_LOCAL_DIR: localDir,
      JINB_LOCAL_MODE: 'demo',
      JINB_LOCAL_APP_PORT: process.env.JINB_LOCAL_APP_PORT ?? '18181',
      JINB_LOCAL_INFRA_PORT: process.env.JINB_LOCAL_INFRA_PORT ?? '18960',
      JINB_EDGE_EXEMPT: '127.0.0.1',
      WEB_DIST: process.env.WEB_DIST ?? dist('web'),
      CONSOLE_DIST: process.env.CONSOLE_DIST ?? dist('console'),
      DEMO_CAPTCHA: CAPTCHA,
      DEMO_MEMBER: `${MEMBER.account}:${MEMBER.password}`,
      DEMO_OPERATOR: `${OPERATOR.account}:${OPERATOR.password}`,
      // Prices move only when the test moves them; the load is one member from one address, far above what the
      // nodes' per-member and per-address read limits allow one person.
      SPORTS_FEED: 'none',
      READ_LIMIT_MEMBER: '1000000',
      READ_LIMIT_IP: '1000000',
      LOG_LEVEL: 'warn',
    };
    await run(path.join(DEPLOY, 'local-up.sh'), [], { env, timeout: 200_000 });
    local = readState(localDir);
    console.log(
      `local-up: ${local.url}, nodes ${local.nodes.join(' and ')}, up in ${Math.round(performance.now() - started)} ms ` +
        `(${cpus().length} cores)`,
    );
    db = new pg.Pool({ connectionString: local.databaseUrl, max: 2 });
    operator = await signInOperator(local.url);
    for (const name of ['price', 'betsA', 'betsB', 'live'] as const) events[name] = await createEvent(name);
    // In play: its bets are held for the delay (5 s) before they stand.
    await data(
      'event live',
      call(local.url, sportsApi.adminSportsEventLive.replace(':id', events.live.id), {
        method: 'POST',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
        body: json({ home: 0, away: 0, minute: 10 }),
      }),
    );
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    edgeAgent.destroy();
    const dir = local?.dir ?? (scratch ? path.join(scratch, 'local') : process.env.JINB_LOCAL_DIR);
    if (dir && existsSync(path.join(dir, 'state.env')))
      await run(path.join(DEPLOY, 'local-down.sh'), [], { env: { ...process.env, JINB_LOCAL_DIR: dir } }).catch(
        (error: Error) => console.error(`local-down failed: ${error.message}`),
      );
    if (scratch && !keepDir) rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  async function ledgerOk() {
    const check = await operatorGet<{ ok: boolean }>('ledger check', walletAdminApi.adminLedgerCheck);
    return check;
  }

  it('a member signs in, deposits through the gateway, bets; a socket through nginx hears a price moved on either node', async () => {
    memberToken = await signInMember(local.url);
    const member = memberSession(local.url, memberToken);

    const channels = await data<Array<{ id: string; min: string; max: string }>>(
      'deposit channels',
      member.get(walletApi.depositChannels),
    );
    expect(channels.length).toBeGreaterThan(0);
    const channel = channels[0]!;
    const amount = Math.min(Number(channel.max), 50_000).toFixed(0);
    const order = await data<{ id: string }>(
      'deposit',
      member.post(
        walletApi.deposit,
        new URLSearchParams({ channel: channel.id, amount }).toString(),
        'application/x-www-form-urlencoded',
        `${tag}-deposit`,
      ),
    );
    // Demo: the simulated gateway pays the order with its signed callback.
    await data(
      'simulate payment',
      member.post(
        walletApi.devSimulatePayment,
        new URLSearchParams({ id: order.id }).toString(),
        'application/x-www-form-urlencoded',
      ),
    );
    let status = '';
    for (let attempt = 0; attempt < 40 && status !== 'confirmed'; attempt++) {
      ({ status } = await data<{ status: string }>(
        'deposit order',
        member.get(`${walletApi.depositOrder}?id=${encodeURIComponent(order.id)}`),
      ));
      if (status !== 'confirmed') await sleep(250);
    }
    expect(status).toBe('confirmed');
    const balance = await data<{ balance: string } | string>('balance', member.get(api.balance));
    console.log(`journey: deposited ${amount} through channel ${channel.id}; balance ${JSON.stringify(balance)}`);

    const bet = await member.post(
      sportsApi.placeBet,
      json({
        type: 'single',
        legs: [{ selectionId: events.betsA.selections.home.id, odds: events.betsA.selections.home.odds }],
        stake: '10',
        acceptOdds: 'none',
      }),
      'application/json',
      `${tag}-journey-bet`,
    );
    expect(bet.status, bet.body).toBe(200);
    expect(envelope(bet).status, bet.body).toBe(true);

    // Which node the socket landed on is nginx's choice: a price moved on each node directly reaches it, so one of
    // the two crossed from the other node through Redis.
    const wsUrl = `${local.url.replace('https', 'wss')}/ws`;
    const follower = followTopic(wsUrl, local.url, `event:${events.price.id}`);
    await follower.firstOpen;
    for (const [index, port] of local.nodes.entries()) {
      await data(
        `price on node ${port}`,
        call(`http://127.0.0.1:${port}`, sportsApi.adminSportsMarketPrices.replace(':id', events.price.marketId), {
          method: 'POST',
          headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
          body: json({ selections: [{ id: events.price.selections.home.id, odds: `2.1${index + 1}` }] }),
        }),
      );
      const deadline = performance.now() + 5_000;
      while (follower.state.versions.length < index + 1 && performance.now() < deadline) await sleep(50);
      expect(follower.state.versions.length, `the publication of node ${port}`).toBe(index + 1);
    }
    follower.close();
    expect(follower.state.errors).toEqual([]);
  });

  async function checkBooks(label: string, figures: LoadFigures) {
    const bets = await db.query<{ key: string }>(
      `select b.idempotency_key as key from sports_bets b join members m on m.id = b.member_id
        where m.account = $1 and b.idempotency_key like $2`,
      [MEMBER.account, `${tag}-${label}-bet-%`],
    );
    const stakes = await db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers t join sports_bets b on t.reference = 'bet:' || b.id
        where t.code = 'bet_stake' and b.idempotency_key like $1`,
      [`${tag}-${label}-bet-%`],
    );
    const transfers = await db.query<{ key: string; status: string }>(
      `select v.idempotency_key as key, v.status from venue_transfers v join members m on m.id = v.member_id
        where m.account = $1 and v.idempotency_key like $2`,
      [MEMBER.account, `${tag}-${label}-transfer-%`],
    );
    expect(new Set(bets.rows.map((row) => row.key)), 'each accepted bet once, nothing else').toEqual(figures.betKeys);
    expect(stakes.rows[0]?.n, 'one stake posting per bet').toBe(bets.rows.length);
    expect(new Set(transfers.rows.map((row) => row.key)), 'each accepted transfer once').toEqual(figures.transferKeys);
    expect(transfers.rows.filter((row) => row.status !== 'confirmed')).toEqual([]);
    expect((await ledgerOk()).ok, 'the ledger check').toBe(true);
  }

  function report(label: string, figures: LoadFigures, extra: string) {
    console.log(
      `${label}: ${figures.requests} requests (${figures.reads} reads, ${figures.bets} bets, ${figures.transfers} ` +
        `transfers), ${figures.failures.length} failed, ${figures.replays} money calls replayed; ${extra}`,
    );
    if (figures.failures.length) console.log(figures.failures.slice(0, 10).join('\n'));
  }

  it('rolling restart under load: no failed request, every bet and transfer once, sockets catch up', async () => {
    const wsUrl = `${local.url.replace('https', 'wss')}/ws`;
    const followers = Array.from({ length: 4 }, () => followTopic(wsUrl, local.url, `event:${events.price.id}`));
    await Promise.all(followers.map((follower) => follower.firstOpen));
    const prices = startPriceMoves(local.url, operator, events.price, 250);
    const load = startLoad(local.url, memberToken, {
      clients: 4,
      betOn: () => events.betsA,
      tag: `${tag}-rolling`,
      priceEvent: events.price,
    });
    await sleep(2_000);
    const durations: number[] = [];
    for (const port of local.nodes) durations.push(await nodeAction(local, 'restart', port));
    await sleep(2_000);
    const figures = await load.stop();
    const moved = await prices.stop();
    // The last publications reach every socket, the ones it missed while reconnecting replayed.
    const last = () => Math.max(...followers.map((follower) => follower.state.versions.at(-1) ?? 0));
    const deadline = performance.now() + 10_000;
    while (followers.some((follower) => (follower.state.versions.at(-1) ?? 0) < last()) && performance.now() < deadline)
      await sleep(100);
    for (const follower of followers) follower.close();

    report(
      'rolling restart',
      figures,
      `restarts ${durations.map((ms) => `${ms} ms`).join(', ')} (stop, start, health, 5 s settle); ${moved.moves} ` +
        `price moves (${moved.replays} replayed); socket reconnects ${followers.map((f) => f.state.reconnects).join(', ')}`,
    );
    expect(figures.failures).toEqual([]);
    expect(moved.failures).toEqual([]);
    expect(figures.bets).toBeGreaterThan(0);
    for (const follower of followers) {
      expect(follower.state.reconnects, 'each socket was closed by a restart and came back').toBeGreaterThan(0);
      expect(follower.state.reloads).toBe(0);
      expect(follower.state.errors).toEqual([]);
      expect(follower.gaps()).toEqual({ missing: 0, duplicates: 0 });
      expect(follower.state.versions.at(-1)).toBe(last());
    }
    await checkBooks('rolling', figures);
  }, 150_000);

  it('a node killed (-9) mid-load and mid-settlement: the other serves, the work is finished once', async () => {
    const [killed, survivor] = local.nodes as [number, number];
    const load = startLoad(local.url, memberToken, {
      clients: 4,
      betOn: () => events.betsB,
      tag: `${tag}-killed`,
      priceEvent: events.price,
    });
    await sleep(2_000);
    // The result of the first event's bets straight to the node about to die: its settlement run starts in the
    // background, and the SIGKILL lands while it works (or just after, on a fast machine).
    const placed = await db.query<{ n: number }>(
      `select count(distinct b.id)::int as n from sports_bets b join sports_bet_legs l on l.bet_id = b.id where l.event_id = $1`,
      [events.betsA.id],
    );
    await data(
      'result on the node to kill',
      call(`http://127.0.0.1:${killed}`, sportsApi.adminSportsEventResult.replace(':id', events.betsA.id), {
        method: 'POST',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
        body: json({ home: 2, away: 1 }),
      }),
    );
    // In-play bets held on the node about to die: rows waiting for their delay, which another process decides.
    const onKilled = memberSession(`http://127.0.0.1:${killed}`, memberToken);
    const heldKeys: string[] = [];
    for (let index = 0; index < 6; index++) {
      const side: Side = (['home', 'draw', 'away'] as const)[index % 3]!;
      const key = `${tag}-held-${index}`;
      const held = await onKilled.post(
        sportsApi.placeBet,
        json({
          type: 'single',
          legs: [{ selectionId: events.live.selections[side].id, odds: events.live.selections[side].odds }],
          stake: '10',
          acceptOdds: 'none',
        }),
        'application/json',
        key,
      );
      expect(held.status, held.body).toBe(200);
      heldKeys.push(key);
    }
    // SIGKILL at once (local-node.sh's own kill forks a shell first), then local-node.sh keeps the state file right.
    process.kill(local.pidOf(killed), 'SIGKILL');
    const killedAt = performance.now();
    await nodeAction(local, 'kill', killed);
    const settledAtKill = await settledOf(events.betsA.id);
    const settleDeadline = performance.now() + 30_000;
    let settled = settledAtKill;
    while (settled < (placed.rows[0]?.n ?? 0) && performance.now() < settleDeadline) {
      await sleep(250);
      settled = await settledOf(events.betsA.id);
    }
    const settledInMs = Math.round(performance.now() - killedAt);
    const heldOf = () =>
      db.query<{ key: string; status: string; stakes: number; refunds: number }>(
        `select b.idempotency_key as key, b.status,
                count(*) filter (where t.code = 'bet_stake')::int as stakes,
                count(*) filter (where t.code = 'bet_refund')::int as refunds
           from sports_bets b left join ledger_transfers t on t.reference = 'bet:' || b.id
          where b.idempotency_key = any($1) group by b.id`,
        [heldKeys],
      );
    const heldAtKill = (await heldOf()).rows.filter((row) => row.status === 'pending').length;
    let held = await heldOf();
    for (let attempt = 0; attempt < 60 && held.rows.some((row) => row.status === 'pending'); attempt++) {
      await sleep(250);
      held = await heldOf();
    }
    await sleep(1_000);
    const startMs = await nodeAction(local, 'start', killed);
    await sleep(2_000);
    const figures = await load.stop();
    report(
      'node killed',
      figures,
      `node ${killed} killed, ${survivor} kept serving, back after ${startMs} ms; ${settledAtKill} of ` +
        `${placed.rows[0]?.n} bets settled when it died, all ${settled} ${settledInMs} ms after`,
    );
    console.log(
      `held in-play bets: ${heldAtKill} of ${heldKeys.length} pending when their node died; now ` +
        JSON.stringify(held.rows.map(({ status, stakes, refunds }) => ({ status, stakes, refunds }))),
    );
    expect(figures.failures).toEqual([]);
    expect(settled).toBe(placed.rows[0]?.n);
    // Each held bet decided once by the surviving node: it stands (nothing moved), one stake, no refund.
    expect(held.rows.length).toBe(heldKeys.length);
    for (const row of held.rows) expect(row).toEqual({ key: row.key, status: 'open', stakes: 1, refunds: 0 });

    // Settlement exactly once: one settle posting per bet, at most one payout, payouts only for the winners.
    const postings = await db.query<{
      bets: number;
      settles: number;
      payouts: number;
      doubled: number;
      winners: number;
    }>(
      `with bets as (
         select distinct b.id, b.payout from sports_bets b join sports_bet_legs l on l.bet_id = b.id where l.event_id = $1),
       posts as (
         select b.id, count(*) filter (where t.code = 'bet_settle')::int as settles,
                count(*) filter (where t.code = 'bet_payout')::int as payouts
           from bets b left join ledger_transfers t on t.reference = 'bet:' || b.id group by b.id)
       select (select count(*)::int from bets) as bets, coalesce(sum(settles), 0)::int as settles,
              coalesce(sum(payouts), 0)::int as payouts,
              (select count(*)::int from posts where settles <> 1 or payouts > 1) as doubled,
              (select count(*)::int from bets where payout > 0) as winners
         from posts`,
      [events.betsA.id],
    );
    const books = postings.rows[0]!;
    console.log(`settlement after the kill: ${JSON.stringify(books)}`);
    expect(books.doubled).toBe(0);
    expect(books.settles).toBe(books.bets);
    expect(books.payouts).toBe(books.winners);
    await checkBooks('killed', figures);
  }, 150_000);

  async function settledOf(eventId: string): Promise<number> {
    const rows = await db.query<{ n: number }>(
      `select count(distinct b.id)::int as n from sports_bets b join sports_bet_legs l on l.bet_id = b.id where l.event_id = $1 and b.status = 'settled' and not b.needs_settlement`,
      [eventId],
    );
    return rows.rows[0]?.n ?? 0;
  }
});
