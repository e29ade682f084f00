import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { logRedaction } from './log-redaction';

const SECRETS = {
  urlToken: 'URLTOKENaaaa1111',
  shortToken: 'SHORTTsecret22',
  header: 'HEADERTsecret33',
  bearer: 'BEARERsecret44',
  idHeader: 'IDHEADERsecret55',
  cookie: 'COOKIEsecret66',
  idempotency: 'IDEMPOTENCYsecret77',
  password: 'PASSWORDsecret88',
  smsCode: '918273',
  sign: 'SIGNsecret99',
};

describe('request logging', () => {
  let sut: TestApp;
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    const memory = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: 'trace', ...logRedaction }, memory) as FastifyBaseLogger;
    logged = await buildApp(sut.container, { logger: log });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
    await sut?.close();
  });

  it('never prints a token, password, code, sign or Idempotency-Key', async () => {
    await logged.inject({ method: 'GET', url: `/app/home?token=${SECRETS.urlToken}&lang=zh` });
    await logged.inject({ method: 'GET', url: `/no/such/page?t=${SECRETS.shortToken}` });
    await logged.inject({
      method: 'POST',
      url: `/api/f/v1/member/login/mpe?token=${SECRETS.urlToken}`,
      payload: { account: 'someone', password: SECRETS.password, code: SECRETS.smsCode },
      headers: {
        t: SECRETS.header,
        authorization: `Bearer ${SECRETS.bearer}`,
        id: SECRETS.idHeader,
        cookie: `session=${SECRETS.cookie}`,
        'idempotency-key': SECRETS.idempotency,
      },
    });
    logged.log.info(
      {
        body: { password: SECRETS.password, smsCode: SECRETS.smsCode, sign: SECRETS.sign, amount: '100' },
        headers: { t: SECRETS.header, id: SECRETS.idHeader, 'Idempotency-Key': SECRETS.idempotency },
      },
      `callback for /api/f/v1/wallet/deposit/callback?sign=${SECRETS.sign}`,
    );
    logged.log.error(new Error(`failed to open /app/home?token=${SECRETS.urlToken}`));

    const output = lines.join('');
    expect(output).toContain('/app/home?token=[redacted]&lang=zh');
    expect(output).toContain('"amount":"100"');
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  });

  it('names the request, its route and the member on the lines of a member request', async () => {
    const member = await sut.register();
    lines.length = 0;
    await logged.inject({ method: 'GET', url: '/api/findmed/v1/member/balance', headers: { t: member.token } });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.reqId).toEqual(expect.any(String));
    const completed = entries.find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({
      route: '/api/findmed/v1/member/balance',
      memberId: expect.stringMatching(/^\d+$/),
    });
  });
});
