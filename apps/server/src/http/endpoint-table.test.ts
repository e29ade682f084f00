import { randomUUID } from 'node:crypto';
import { api, INSIGHT_CSV_CALLS, insightConsoleApi, type PathName, paths, protectionApi } from '@jinb/contract';
import { type Endpoint, type EndpointName, endpoints, NOT_JSON } from '@jinb/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertEvent } from '../test/sports-fixtures';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { operator, walletMember } from '../test/wallet-fixtures';

/**
 * The contract's endpoint table is what the site types its calls against, so it must be what the server does:
 * every /api route is in the table (or named below as answering something else), every entry is a route, and every
 * GET answers what its response schema says, whoever asks (nobody, a member, an operator).
 */

const table: Record<EndpointName, Endpoint> = endpoints;
const names = Object.keys(table) as EndpointName[];

/** /api routes registered by hand, outside the table, and why. */
const HAND_REGISTERED: Record<string, string> = {
  [`GET ${api.captcha}`]: 'answers a PNG image',
  'GET /api/health': "the load balancer's probe: installed with the load shedding, ahead of the API and its hooks",
  [`GET ${protectionApi.memberStatementCsv}`]: 'a CSV file for a spreadsheet, not the envelope',
  ...Object.fromEntries(
    INSIGHT_CSV_CALLS.map((name) => [`GET ${insightConsoleApi[name]}`, "a report's CSV file for a spreadsheet"]),
  ),
  'POST /api/vendor/v1/:platform/wallet/:action':
    "a seamless vendor's signed call (vendor-api.ts): the raw body is signed and the answer is the vendor protocol's",
};

/** Method and path of every route the app answers, read from Fastify's own route tree (HEAD copies left out). */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)$/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth ? prefixes[depth - 1] : '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`);
  }
  return routes;
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Routes of the OpenAPI document whose 200 has no schema (so the serializer would not check it). */
function routesWithoutResponseSchema(document: OpenApi): string[] {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      if (route in HAND_REGISTERED) continue;
      const content = operation.responses?.['200']?.content;
      if (!content || !Object.values(content).some((media) => media.schema)) missing.push(route);
    }
  }
  return missing;
}

type Role = 'nobody' | 'member' | 'operator';
type Call = { query?: Record<string, string>; params?: Record<string, string> };
/** One call's outcome: its status, and for a 200 what the response schema found wrong with `data` (empty when fine). */
type Checked = { role: Role; status: number; problems: string[] };

/** The envelope of a successful call, with `data` parsed by the entry's response schema. */
function problemsWith(entry: Pick<Endpoint, 'response'>, body: unknown): string[] {
  const envelope = z.object({ status: z.literal(true), data: z.unknown() }).safeParse(body);
  if (!envelope.success) return ['not the {status: true, data} envelope'];
  const parsed = entry.response.safeParse(envelope.data.data);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`);
}

function urlOf(entry: Pick<Endpoint, 'path'>, call: Call): string {
  const path = entry.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ''));
  const query = new URLSearchParams(call.query).toString();
  return query ? `${path}?${query}` : path;
}

describe.each(testDatabases)('the endpoint table on %s', (kind) => {
  let sut: TestApp;
  let headers: Record<Role, Record<string, string>>;
  /** Values for the GETs that need a query or path parameter to find something. */
  let calls: Partial<Record<EndpointName, Call>>;

  async function ask(entry: Pick<Endpoint, 'path' | 'response'>, role: Role, call: Call = {}): Promise<Checked> {
    const response = await sut.app.inject({ method: 'GET', url: urlOf(entry, call), headers: headers[role] });
    return {
      role,
      status: response.statusCode,
      problems: response.statusCode === 200 ? problemsWith(entry, response.json()) : [],
    };
  }

  beforeAll(async () => {
    sut = await createTestApp(kind);
    const desk = await operator(sut);
    const member = await walletMember(sut);
    headers = { nobody: {}, member: member.headers, operator: desk.headers };

    // Money on the member's wallet, a deposit order and a withdrawal, so the wallet's lists have rows to check.
    await desk.credit(member.id, '500');
    const [channel] = (await sut.get(paths.depositChannels, member.headers)).json().data as {
      id: string;
      min: string;
    }[];
    const deposit = await sut.post(
      paths.deposit,
      { channel: channel!.id, amount: String(Math.max(100, Number(channel!.min))) },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
    expect(problemsWith(table.deposit, deposit.json())).toEqual([]);
    const withdrawal = await sut.post(
      paths.withdraw,
      { amount: '100', cardId: member.cardId, password: sut.encrypt('123456') },
      { ...member.headers, 'idempotency-key': randomUUID() },
    );
    expect(problemsWith(table.withdraw, withdrawal.json())).toEqual([]);
    // A bet, so the betting records have a row to check.
    const event = await insertEvent(sut.container.db);
    const bet = await sut.app.inject({
      method: 'POST',
      url: paths.placeBet,
      payload: {
        type: 'single',
        stake: '10',
        legs: [{ selectionId: String(event.markets[0]!.selections.home), odds: '2.10' }],
      },
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
    });
    expect(problemsWith(table.placeBet, bet.json())).toEqual([]);

    // A house table's first round (a chain, then the round), so the table and round GETs have one to answer.
    const dealer = sut.container.casino.dealer();
    while ((await dealer.step('BAC1')) === 0);
    await dealer.stop();
    const round = (await sut.container.casino.reads.table('BAC1', null)).round;

    const firstId = async (path: string) => String((await sut.get(path, member.headers)).json().data.list[0]?.id ?? '');
    // A message an operator sent the member (issue 24), so the message detail has one to open.
    await sut.app.inject({
      method: 'POST',
      url: paths.adminMessageSend,
      payload: { title: '通知', content: '内容', to: `members:${member.id}` },
      headers: desk.headers,
    });
    const messageId = (await sut.post(paths.messageList, {}, member.headers)).json().data.list[0].id as string;
    // Support (issue 25): the member's feedback, and a conversation opened by their first chat message.
    const feedback = await sut.app.inject({
      method: 'POST',
      url: paths.feedbackCreate,
      payload: { category: 'deposit', content: '充值没有到账，请帮忙查看', images: [] },
      headers: member.headers,
    });
    const said = await sut.app.inject({
      method: 'POST',
      url: paths.supportSend,
      payload: { clientId: 'endpoint-table-1', text: '你好' },
      headers: member.headers,
    });
    calls = {
      promoDetail: { query: { id: await firstId(paths.promoList) } },
      newsDetail: { query: { id: await firstId(paths.newsList) } },
      depositOrder: { query: { id: String(deposit.json().data.id) } },
      recordDetail: { query: { id: await firstId(paths.records) } },
      tree: { query: { id: '010' } },
      devOutbox: { query: { to: `+86${member.phone}` } },
      adminOutbox: { query: { to: `+86${member.phone}` } },
      adminMemberWallet: { params: { id: member.id } },
      betDetail: { query: { id: String(bet.json().data.id) } },
      adminSportsMemberBets: { params: { id: member.id } },
      sportsEvent: { params: { id: String(event.id) } },
      adminSportsEvent: { params: { id: String(event.id) } },
      adminSportsLiability: { params: { id: String(event.id) } },
      sportsCashoutQuote: { query: { id: String(bet.json().data.id) } },
      adminSportsEventCashouts: { params: { id: String(event.id) } },
      casinoTable: { params: { code: 'BAC1' } },
      casinoRound: { params: { id: round?.id ?? '0' } },
      adminCasinoTableRounds: { params: { code: 'BAC1' } },
      messageDetail: { query: { id: messageId } },
      // VIP (issue 23): a member's standing.
      adminVipMember: { params: { id: member.id } },
      // Promotions (issue 23): the seeded first-deposit promotion's rule, and a redemption of the demo code.
      promoRule: { query: { id: await firstId(paths.promoList) } },
      promoEligibility: { query: { id: await firstId(paths.promoList) } },
      redemption: {
        query: { id: String((await sut.post(paths.redeem, { code: 'JINB888' }, member.headers)).json().data.id) },
      },
      // The help centre (issue 25): a seeded tutorial.
      helpArticle: { query: { slug: 'sportRules' } },
      feedbackDetail: { query: { id: String(feedback.json().data.id) } },
      adminSupportConversation: { params: { id: String(said.json().data.conversationId) } },
      // Player protection (issue 26): the member's limits and exclusions, and a 12-month statement.
      adminMemberProtection: { params: { id: member.id } },
      memberStatement: { query: { months: '12' } },
      // The console (issue 27): a member's picture, an operator's sessions, an event's bets, an activity's texts, a
      // batch's codes.
      ...Object.fromEntries(
        (
          [
            'adminMemberProfile',
            'adminMemberLedger',
            'adminMemberBets',
            'adminMemberPayments',
            'adminMemberSignIns',
            'adminMemberLinks',
            'adminMemberNotes',
          ] as const
        ).map((name) => [name, { params: { id: member.id } }]),
      ),
      adminOperatorSessions: {
        params: { id: String((await sut.get(paths.adminMe, desk.headers)).json().data.id) },
      },
      adminTradingEventBets: { params: { id: String(event.id) } },
      adminPromotionTexts: { params: { id: await firstId(paths.promoList) } },
      adminCodeBatchCodes: {
        params: {
          id: String(
            (
              await sut.post(
                paths.adminCodes,
                { count: '2', amount: '8', uses: '1', expiresAt: '2099-01-01', multiple: '1' },
                desk.headers,
              )
            ).json().data.batch.id,
          ),
        },
      },
      // The console's reports (issue 27): a range of days.
      ...Object.fromEntries(
        (
          [
            'adminReportPnl',
            'adminReportDepositChannels',
            'adminReportWithdrawals',
            'adminReportRegistrations',
            'adminReportCommissions',
          ] as const
        ).map((name) => [name, { query: { from: '2026-01-01', to: '2026-01-31' } }]),
      ),
    };
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('names every /api route the server registers, with its method and path, and registers every entry', () => {
    const registered = [...registeredRoutes(sut.app)].filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    const inTable = names.map((name) => `${table[name].method} ${table[name].path}`);

    expect(registered.filter((route) => !inTable.includes(route) && !(route in HAND_REGISTERED))).toEqual([]);
    expect(inTable.filter((route) => !registered.includes(route))).toEqual([]);
    expect(Object.keys(HAND_REGISTERED).filter((route) => !registered.includes(route))).toEqual([]);
    // Every name of the paths table is a call of the endpoint table, or answers something other than JSON.
    const pathNames = Object.keys(paths) as PathName[];
    expect(pathNames.filter((name) => !(name in table) && !NOT_JSON.includes(name))).toEqual([]);
  });

  it('has a response schema for every 200, so no route can answer outside the contract', () => {
    expect(routesWithoutResponseSchema(sut.app.swagger() as OpenApi)).toEqual([]);
  });

  it('answers every GET, as nobody, a member and an operator, with what its response schema says', async () => {
    const gets = names.filter((name) => table[name].method === 'GET');
    const answers: Record<string, Checked[]> = {};
    for (const name of gets) {
      answers[name] = [];
      for (const role of ['nobody', 'member', 'operator'] as const) {
        answers[name].push(await ask(table[name], role, calls[name]));
      }
    }

    const wrong = Object.entries(answers).flatMap(([name, checked]) =>
      checked.filter((one) => one.problems.length).map((one) => `${name} as ${one.role}: ${one.problems.join('; ')}`),
    );
    expect(wrong).toEqual([]);
    // Every GET was checked at least once: someone got a 200 from it.
    const neverAnswered = Object.entries(answers)
      .filter(([, checked]) => !checked.some((one) => one.status === 200))
      .map(([name, checked]) => `${name}: ${checked.map((one) => `${one.role} ${one.status}`).join(', ')}`);
    expect(neverAnswered).toEqual([]);
    // And the guards hold: a member's GET refuses nobody, an operator's GET refuses a member.
    expect(answers.balance!.map((one) => one.status)).toEqual([401, 200, 401]);
    expect(answers.adminLedgerCheck!.map((one) => one.status)).toEqual([401, 401, 200]);
  });

  it('would report an entry whose schema does not match what the server sends (the check itself can fail)', async () => {
    const madeUp = { path: paths.balance, response: z.object({ balance: z.number(), currency: z.string() }) };
    const checked = await ask(madeUp, 'member');
    expect(checked.status).toBe(200);
    expect(checked.problems).toEqual(['balance: Invalid input: expected number, received string']);

    const document: OpenApi = {
      paths: {
        '/api/admin/v1/ledger/check': { get: { responses: { '200': { description: 'Default Response' } as never } } },
        '/api/admin/v1/me': { get: { responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
      },
    };
    expect(routesWithoutResponseSchema(document)).toEqual(['GET /api/admin/v1/ledger/check']);
  });
});
