import { Writable } from 'node:stream';
import { errorMessages } from '@jinb/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRedaction } from '../http/log-redaction';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { createOutboxNotifier } from './notifier';

/** A logger set up as main.ts sets it up (redaction included), writing its lines here. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: 'info', ...logRedaction }, stream) as FastifyBaseLogger };
}

describe.each(testDatabases)('the dev outbox on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it.each([
    ['sms', '+8613912345678', '/api/dev/outbox?to=%2B8613912345678'],
    ['email', 'new.member@example.com', '/api/dev/outbox?to=new.member%40example.com'],
  ] as const)('logs where a %s code can be read, without the code, and the code is there', async (channel, to, url) => {
    const { lines, log } = capturedLog();
    const notifier = createOutboxNotifier(sut.container.db, log);
    const message = { purpose: 'register', code: '654321', text: '您的验证码是654321' };
    if (channel === 'sms') await notifier.sendSms(to, message);
    else await notifier.sendEmail(to, '邮箱验证码', message);

    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain('654321');
    expect(lines[0]).toMatchObject({ recipient: to, readAt: url });
    expect(lines[0]?.msg).toContain(`GET ${url}`);
    const read = await sut.get(url);
    expect(read.json().data[0]).toMatchObject({ to, code: '654321' });
  });

  it.each(['/api/dev/outbox', '/api/dev/outbox?to=', '/api/dev/outbox?to=%20'])(
    'answers %s with what to ask for instead of a bare 输入有误',
    async (url) => {
      const reply = await sut.get(url);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        code: 'OUTBOX_TO_REQUIRED',
        data: errorMessages['zh-CN'].OUTBOX_TO_REQUIRED,
      });
      expect(reply.json().data).toContain('to=');
      expect((await sut.get(url, { lang: 'zh-HK' })).json().data).toBe(errorMessages['zh-HK'].OUTBOX_TO_REQUIRED);
    },
  );
});
