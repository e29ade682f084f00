import { isErrorCode, seamlessResponse } from '@jinb/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http';
import { createTestApp, DEMO_CAPTCHA, type TestApp, testDatabases } from '../test/test-app';

/**
 * Malformed input to every route of the OpenAPI document, as nobody, as a member and (for /api/admin) as an operator.
 * Whatever arrives, the server answers below 500, within the time, and in the envelope: `{status: true, data}` or
 * `{status: false, data: <message>, code}`. A deterministic list of nasty cases runs for every route, then
 * fast-check mixes plausible and nasty fields from each route's own schema with a fixed seed.
 *
 * About ten thousand requests: some 40 s on PGlite and 30 s on a local PostgreSQL, which CI adds.
 */

const REQUEST_TIMEOUT_MS = 5_000;
const FUZZ_SEED = 0x6a696e62;
const RUNS_PER_ROUTE = 25;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
  maximum?: number;
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type Role = 'nobody' | 'member' | 'operator';
type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: string[];
  query: Parameter[];
  body: Schema | undefined;
};
type Sent = { role: Role; method: string; url: string; headers?: Record<string, string>; payload?: string };

// --- values -------------------------------------------------------------------------------------------------------

const LONG = 'x'.repeat(10_000);
/** Strings that broke or could break a parser, a cast, a number conversion or a database column. */
const NASTY_STRINGS = [
  '',
  ' ',
  LONG,
  'a\u0000b',
  '\u0000',
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '\u202e1000',
  '💰💰',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0x10',
  '0b11',
  '0o7',
  '-1',
  '0',
  '1.5',
  '0.00001',
  '1,000',
  ' 100 ',
  '+100',
  '.5',
  '5.',
  '1e3',
  '9'.repeat(400),
  '9223372036854775808',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '__proto__',
  'constructor',
  '2024-02-30 25:61:61',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
];
/** JSON values of the wrong type for any field, and numbers past every bound. */
const NASTY_JSON: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  [],
  [1, 2],
  ['a'],
  [null],
  {},
  { a: 1 },
  { $gt: '' },
  [[[[[[]]]]]],
  ...NASTY_STRINGS,
];
/** Percent-encoded query and form values that do not decode to valid UTF-8, or decode to what a parser chokes on. */
const RAW_ENCODED = ['%ZZ', '%', '%E0%A4%A', '%FF', '%ED%A0%80', '%C0%AF', '%00', '%F4%90%80%80', '%2525', 'a%2Bb+c'];
/** Path parameters: non-numeric, over-long, encoded separators, numbers outside every integer type. */
const NASTY_PATH_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e400',
  '1e3',
  '0x10',
  '-0',
  'abc',
  '9'.repeat(30),
  '9'.repeat(99),
  '9'.repeat(101),
  '9'.repeat(300),
  '9007199254740993',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%F0%9F%92%B0',
  '%2F',
  '..',
  '%20',
  'null',
  'NaN',
];

/** Percent-encodes UTF-8 bytes; unlike encodeURIComponent it takes lone surrogates (as U+FFFD, as a browser does). */
function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function form(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
}

// --- routes -------------------------------------------------------------------------------------------------------

function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body: Object.values(operation.requestBody?.content ?? {})[0]?.schema,
      });
    }
  }
  return routes;
}

/** Routes that end the session they are called with: the next request signs in again first. */
const ENDS_SESSION = /logout|revoke|updatepassword|forgetpassword/;

function rolesFor(route: Route): Role[] {
  return route.path.startsWith('/api/admin/') ? ['nobody', 'member', 'operator'] : ['nobody', 'member'];
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
}

// --- checking an answer -------------------------------------------------------------------------------------------

/** What is wrong with an answer, or undefined when it is a well-formed envelope below 500. */
function problemWith(status: number, body: string, contentType = ''): string | undefined {
  if (status >= 500) return `status ${status}`;
  // The captcha is a picture and the statement's export a CSV file: the successes that are not JSON. Their failures
  // are envelopes like any other.
  if (status === 200 && (contentType.startsWith('image/') || contentType.startsWith('text/csv'))) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `status ${status}, not JSON`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `status ${status}, not an object`;
  const envelope = parsed as Record<string, unknown>;
  const keys = Object.keys(envelope).sort().join(',');
  if (envelope.status === true) return keys === 'data,status' ? undefined : `status ${status}, ok with keys ${keys}`;
  if (envelope.status !== false || keys !== 'code,data,status') return `status ${status}, keys ${keys}`;
  if (typeof envelope.data !== 'string' || !isErrorCode(envelope.code)) return `status ${status}, bad failure body`;
  if (status < 400) return `status ${status} with a failure body`;
  return undefined;
}

/**
 * A vendor's wallet call (/api/vendor/...) answers in the vendor protocol (vendor-api.ts), not the site's envelope:
 * `{ code }` with one of its codes (and a balance when known), below 500; or the envelope, from the framework.
 */
function vendorProblemWith(status: number, body: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  const parsed = seamlessResponse.safeParse(
    (() => {
      try {
        return JSON.parse(body);
      } catch {
        return undefined;
      }
    })(),
  );
  // What the framework refuses before the route runs (too large, another content type) is the usual envelope.
  return parsed.success ? undefined : problemWith(status, body);
}

function describeSent(sent: Sent): string {
  const payload = sent.payload === undefined ? '' : ` ${JSON.stringify(sent.payload.slice(0, 160))}`;
  const type = sent.headers?.['content-type'] ? ` [${sent.headers['content-type']}]` : '';
  return `${sent.role} ${sent.method} ${sent.url.slice(0, 200)}${type}${payload}`;
}

async function within<T>(work: Promise<T>): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// --- the test -----------------------------------------------------------------------------------------------------

// One database is enough: PGlite is PostgreSQL compiled to WebAssembly and refuses the same values (an integer out of
// range, a lone surrogate in jsonb) with the same errors. PostgreSQL when CI provides it, since it is the faster one.
const fuzzDatabases = testDatabases.slice(-1);

describe.each(fuzzDatabases)(
  'every route answers malformed input in the envelope, below 500, in time, on %s',
  (kind) => {
    let sut: TestApp;
    let routes: Route[];
    let port: number;
    let member: { account: string; password: string; id: string };
    let plausibleStrings: string[];
    const tokens: Record<Role, string> = { nobody: '', member: '', operator: '' };
    const stale: Record<Role, boolean> = { nobody: false, member: true, operator: true };
    let address = 0;

    /** Signs in again when a session-ending route may have ended the one we had. */
    async function headersFor(role: Role): Promise<Record<string, string>> {
      if (role === 'member' && stale.member) {
        const check = await sut.get('/api/findmed/v1/member/token', { t: tokens.member });
        if (check.statusCode !== 200) {
          const login = await sut.login(member.account, member.password);
          tokens.member = login.json().data.token;
        }
        stale.member = false;
      }
      if (role === 'operator' && stale.operator) {
        const check = await sut.get('/api/admin/v1/me', { authorization: `Bearer ${tokens.operator}` });
        if (check.statusCode !== 200) {
          const login = await sut.operatorLogin('admin', 'admin123456');
          tokens.operator = login.json().data.token;
        }
        stale.operator = false;
      }
      if (role === 'member') return { t: tokens.member, device_no: 'h5-fuzz-member' };
      if (role === 'operator') return { authorization: `Bearer ${tokens.operator}` };
      return {};
    }

    /** Sends one request and returns what is wrong with the answer, if anything. */
    async function send(sent: Sent): Promise<string | undefined> {
      if (ENDS_SESSION.test(sent.url) && sent.role !== 'nobody') stale[sent.role] = true;
      address += 1;
      const options: InjectOptions = {
        method: sent.method as InjectOptions['method'],
        url: sent.url,
        headers: { lang: address % 2 ? 'zh-CN' : 'zh-HK', ...(await headersFor(sent.role)), ...sent.headers },
        // Every request from its own address, so the per-address limits do not stop the fuzzing at the door.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      };
      const response = await within(sut.app.inject(options));
      const problem =
        response === 'hang'
          ? 'no answer (hang)'
          : sent.url.startsWith('/api/vendor/')
            ? vendorProblemWith(response.statusCode, response.body)
            : problemWith(response.statusCode, response.body, String(response.headers['content-type'] ?? ''));
      if (!problem) return undefined;
      const answer = response === 'hang' ? '' : ` -> ${response.body.slice(0, 200)}`;
      return `${describeSent(sent)}: ${problem}${answer}`;
    }

    beforeAll(async () => {
      // Thousands of reads as one member: the per-client read limit would answer most before they reach a handler.
      sut = await createTestApp(kind, { env: { READ_LIMIT_MEMBER: '0', READ_LIMIT_IP: '0' } });
      await sut.seedAccounts();
      const registered = await sut.register();
      tokens.member = registered.token;
      member = {
        account: registered.account,
        password: registered.password,
        id: (await sut.get('/api/findmed/v1/member/token', { t: registered.token })).json().data.id,
      };
      tokens.operator = (await sut.operatorLogin('admin', 'admin123456')).json().data.token;
      stale.member = stale.operator = false;
      routes = routesOf(sut.app.swagger() as never);
      // What a real client would type, so random bodies get past the first check and reach the handlers.
      plausibleStrings = [
        '100',
        '100.00',
        '0.01',
        '1000000',
        '13912345678',
        '86',
        'register',
        'forget',
        DEMO_CAPTCHA,
        'secret123',
        sut.encrypt('secret123'),
        sut.encrypt('123456'),
        'ICBC',
        'bank',
        'alipay',
        'usdt_trc20',
        '张三',
        '6222021234567890123',
        '2024-01-01 00:00:00',
        'deposit',
        'fuzzing reason',
        'fuzz@example.com',
        member.account,
        member.id,
        '1',
      ];
      await sut.app.listen({ port: 0, host: '127.0.0.1' });
      port = (sut.app.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await sut?.close();
    });

    it('finds the member, operator and money routes in the OpenAPI document', () => {
      const paths = routes.map((route) => `${route.method} ${route.path}`);
      expect(paths).toContain('POST /api/f/v1/member/register');
      expect(paths).toContain('POST /api/admin/v1/members/{id}/adjust');
      expect(paths).toContain('POST /api/f/v1/wallet/withdraw');
      expect(routes.length).toBeGreaterThan(60);
    });

    it('answers the cases it once found in the envelope, below 500', async () => {
      // A show id past PostgreSQL's integer failed the games query; a lone surrogate failed the audit row's jsonb.
      const found: Sent[] = [
        { role: 'nobody', method: 'GET', url: '/api/findmed/v1/game/list?show=13912345678' },
        { role: 'member', method: 'GET', url: '/api/game/walletlist?show=1001,99999999999' },
        {
          role: 'operator',
          method: 'POST',
          url: `/api/admin/v1/members/${member.id}/real-name`,
          headers: { 'content-type': 'application/json' },
          payload: '{"realName":"a\\udfffb","reason":"a\\udfffb"}',
        },
      ];
      for (const sent of found) expect(await send(sent)).toBeUndefined();
    });

    /** One body with every documented field set to the same value; a route without a documented body gets a field `a`. */
    function everyField(route: Route, value: unknown): Record<string, unknown> {
      const names = Object.keys(route.body?.properties ?? { a: {} });
      return Object.fromEntries(names.map((name) => [name, value]));
    }

    /**
     * The role that gets past each route's guard gets the whole list; the others get the URL and header cases and a few
     * bodies. Validation runs before the guards, so what the full role sends covers the schemas for every role.
     */
    function fullRole(route: Route): Role {
      return route.path.startsWith('/api/admin/') ? 'operator' : 'member';
    }

    function deterministicCases(route: Route, role: Role): Sent[] {
      const cases: Sent[] = [];
      const base = fill(route.path, { id: role === 'operator' ? member.id : '1' });
      const add = (url: string, extra: Partial<Sent> = {}) => cases.push({ role, method: route.method, url, ...extra });
      const hasBody = route.method !== 'GET';
      const json = (payload: string, type = 'application/json') =>
        add(base, { payload, headers: { 'content-type': type } });

      const full = role === fullRole(route);
      // The URL: path parameters, percent-encoding that does not decode, query parameters of every wrong kind.
      for (const value of full ? NASTY_PATH_PARAMS : ['abc', '9'.repeat(300), '%ZZ']) {
        if (route.pathParams.length) add(fill(route.path, { id: value }));
      }
      for (const raw of ['%E0%A4%A', '%ZZ', '%', '%00', '%C0%AF']) add(`${base}${raw}`);
      add(`${base}?${'q'.repeat(9_000)}=1`);
      for (const raw of RAW_ENCODED) add(`${base}?${raw}=${raw}`);
      for (const param of full ? route.query : []) {
        for (const value of NASTY_STRINGS) add(`${base}?${param.name}=${encode(value)}`);
        for (const raw of RAW_ENCODED) add(`${base}?${param.name}=${raw}`);
        add(`${base}?${param.name}=1&${param.name}=2`);
        add(`${base}?${param.name}[]=1&${param.name}[a]=2`);
        add(`${base}?${param.name}`);
      }

      // Headers a client should never send.
      const badHeaders: Record<string, string>[] = [
        { t: 'not-a-token' },
        { t: LONG },
        { authorization: 'Bearer ' },
        { authorization: `Bearer ${LONG}` },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { lang: LONG },
        { device_no: LONG },
        { 'idempotency-key': 'not a key!' },
        { 'idempotency-key': 'k'.repeat(200) },
      ];
      for (const headers of badHeaders) {
        add(
          base,
          hasBody ? { headers: { 'content-type': 'application/json', ...headers }, payload: '{}' } : { headers },
        );
      }
      if (!hasBody) return cases;

      // The body: missing, empty, truncated, not an object, wrong content types, over the limit.
      add(base);
      json('');
      if (!full) {
        json('{"a":');
        json(JSON.stringify(everyField(route, null)));
        json(form(everyField(route, LONG)), 'application/x-www-form-urlencoded');
        return cases;
      }
      for (const payload of ['{}', '[]', 'null', '1', '"x"', 'true', '{"a":', '{"', '{"a":"x', '{,}', '\u0000']) {
        json(payload);
      }
      json('{"__proto__":{"admin":true}}');
      json('{"constructor":{"prototype":{"admin":true}}}');
      json(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
      json(JSON.stringify({ a: 'x'.repeat(70 * 1024) }));
      json(JSON.stringify(everyField(route, 'x')), 'application/json; charset=utf-16');
      json('hello', 'text/plain');
      json('<a>1</a>', 'application/xml');
      json('--x\r\n', 'multipart/form-data');
      json('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', 'multipart/form-data; boundary=x');
      json('\u00ff\u00fe', 'application/octet-stream');
      json('%ZZ=%&a', 'application/x-www-form-urlencoded');
      json(`a=${'x'.repeat(70 * 1024)}`, 'application/x-www-form-urlencoded');
      add(base, { headers: { 'content-type': 'application/json', 'content-length': '10' }, payload: '{}' });

      // Every field of the wrong type at once, as JSON and as a form; a route that reads no body has no field to try.
      if (!route.body) return cases;
      for (const value of NASTY_JSON) json(JSON.stringify(everyField(route, value)));
      // A form carries only strings, which the JSON cases above already sent: here what only a form can get wrong.
      for (const value of ['', LONG, 'a\u0000b', '\ud800', '1e400', '-0', '0x10', '[]']) {
        json(form(everyField(route, value)), 'application/x-www-form-urlencoded');
      }
      for (const raw of RAW_ENCODED) {
        const fields = Object.keys(everyField(route, ''));
        json(fields.map((name) => `${name}=${raw}`).join('&'), 'application/x-www-form-urlencoded');
      }
      // Every field twice: the form parser makes an array of each.
      const twice = Object.keys(everyField(route, '')).flatMap((name) => [`${name}=1`, `${name}=2`]);
      json(twice.join('&'), 'application/x-www-form-urlencoded');
      return cases;
    }

    /** A value the schema would accept, or near enough to get past the first check. */
    function plausible(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
      if (!schema || depth > 4) return fc.constantFrom(...plausibleStrings);
      if (schema.enum?.length) return fc.constantFrom(...schema.enum);
      const options = schema.anyOf ?? schema.oneOf;
      if (options?.length) return fc.oneof(...options.map((option) => plausible(option, depth + 1)));
      const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
      switch (type) {
        case 'string':
          return fc.oneof(
            fc.constantFrom(...plausibleStrings),
            schema.pattern ? patterned(schema.pattern) : fc.string({ maxLength: 20 }),
          );
        case 'integer': {
          // Small numbers, or the schema's own range where it starts above them (a window of at least 5,000 ms).
          const min = Math.max(schema.minimum ?? -5, -5);
          return fc.integer({
            min,
            max: Math.min(schema.maximum ?? Number.POSITIVE_INFINITY, Math.max(min, 0) + 2_000),
          });
        }
        case 'number':
          return fc.double({ min: -5, max: 2_000, noNaN: true });
        case 'boolean':
          return fc.boolean();
        case 'array':
          return fc.array(plausible(schema.items, depth + 1), { maxLength: 3 });
        case 'object': {
          const properties = Object.entries(schema.properties ?? {});
          if (!properties.length) return fc.dictionary(fc.constantFrom('a', 'name', 'account'), fc.string());
          return fc.record(
            Object.fromEntries(properties.map(([name, property]) => [name, field(property, depth + 1)])),
            { requiredKeys: [] },
          );
        }
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }

    function patterned(pattern: string): fc.Arbitrary<string> {
      try {
        return fc.stringMatching(new RegExp(pattern));
      } catch {
        return fc.string({ maxLength: 20 });
      }
    }

    const nasty: fc.Arbitrary<unknown> = fc.oneof(
      fc.constantFrom(...NASTY_JSON),
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((value) => value.toString()),
    );

    /** Mostly what the schema wants, sometimes anything, sometimes left out. */
    function field(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
      return fc.oneof(
        { weight: 4, arbitrary: plausible(schema, depth) },
        { weight: 2, arbitrary: nasty },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
    }

    function randomRequest(route: Route): fc.Arbitrary<Sent> {
      const query = fc.record(Object.fromEntries(route.query.map((param) => [param.name, field(param.schema)])), {
        requiredKeys: [],
      });
      const pathValue = fc.oneof(
        fc.constantFrom(member.id, '1', '2', '3'),
        fc.constantFrom(...NASTY_PATH_PARAMS),
        fc.nat().map(String),
      );
      const body = route.body ? plausible(route.body) : fc.dictionary(fc.string({ maxLength: 8 }), nasty);
      return fc
        .record({
          role: fc.constantFrom(...rolesFor(route)),
          id: pathValue,
          query,
          body,
          encoding: fc.constantFrom('json', 'form', 'none'),
        })
        .map(({ role, id, query, body, encoding }) => {
          const search = form(query as Record<string, unknown>);
          const url = `${fill(route.path, { id })}${search ? `?${search}` : ''}`;
          const sent: Sent = { role, method: route.method, url };
          if (route.method === 'GET' || encoding === 'none') return sent;
          const fields = (body ?? {}) as Record<string, unknown>;
          return encoding === 'json'
            ? { ...sent, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }
            : { ...sent, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) };
        });
    }

    /** Bytes Node's HTTP parser refuses, sent to each route over a socket: the envelope comes from clientErrorHandler. */
    function rawCases(route: Route): string[] {
      const path = fill(route.path, { id: '1' });
      const head = `${route.method} ${path} HTTP/1.1\r\nHost: fuzz\r\n`;
      return [
        `${head}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}`,
        `${head}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        `${head}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        `${head}Content-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`,
        `${head}Content-Type: application/json\r\nContent-Length: 1e3\r\n\r\n{}`,
        `${head}Broken header line\r\n\r\n`,
        `${head}X-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
        `${route.method} ${path}\u00ff\u0001 HTTP/1.1\r\nHost: fuzz\r\n\r\n`,
        `${route.method} ${path} HTTP/9.9\r\nHost: fuzz\r\n\r\n`,
      ];
    }

    describe.each(['deterministic', 'random', 'raw'] as const)('%s cases', (cases) => {
      it('every route answers in the envelope', async () => {
        const problems: string[] = [];
        for (const route of ordered(routes)) {
          if (cases === 'deterministic') {
            for (const role of rolesFor(route)) {
              for (const sent of deterministicCases(route, role)) {
                const problem = await send(sent);
                if (problem) problems.push(problem);
              }
            }
          } else if (cases === 'random') {
            await fc
              .assert(
                fc.asyncProperty(randomRequest(route), async (sent) => {
                  const problem = await send(sent);
                  if (problem) problems.push(problem);
                  return problem === undefined;
                }),
                { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE },
              )
              .catch((error: Error) => problems.push(error.message.split('\n').slice(0, 4).join(' ')));
          } else {
            for (const bytes of rawCases(route)) {
              const answer = await rawRequest(port, Buffer.from(bytes, 'latin1'), REQUEST_TIMEOUT_MS);
              const what = `raw ${JSON.stringify(bytes.slice(0, 120))}`;
              if (answer.kind === 'hang') problems.push(`${what}: no answer (hang)`);
              else if (answer.kind === 'closed') problems.push(`${what}: connection closed without an answer`);
              else {
                const problem = problemWith(answer.status, answer.body);
                if (problem) problems.push(`${what}: ${problem} -> ${answer.body.slice(0, 200)}`);
              }
            }
          }
        }
        expect(problems).toEqual([]);
      }, 600_000);
    });
  },
);

/** Session-ending routes last, so the others run with a live session. */
function ordered(routes: Route[]): Route[] {
  return [
    ...routes.filter((route) => !ENDS_SESSION.test(route.path)),
    ...routes.filter((route) => ENDS_SESSION.test(route.path)),
  ];
}
