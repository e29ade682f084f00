import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';

/** What the router and Node's HTTP parser refuse must still come back as our envelope. */
describe('requests refused before any route runs', () => {
  let sut: TestApp;
  let port: number;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    port = (sut.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('answers a path that does not percent-decode, and an over-long path parameter, in the envelope', async () => {
    const cases = [
      ['/api/f/v1/%E0%A4%A', 400],
      ['/api/admin/v1/members/%ZZ/wallet', 400],
      [`/api/admin/v1/members/${'9'.repeat(300)}/wallet`, 414],
    ] as const;
    for (const [url, status] of cases) {
      const response = await sut.app.inject({ method: 'GET', url, headers: { lang: 'zh-HK' } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ status: false, data: '請求有誤，請檢查後重試', code: 'BAD_REQUEST' });
    }
  });

  it('answers bytes that are not a valid HTTP request (a Content-Length the body contradicts) in the envelope', async () => {
    const answer = await rawRequest(
      port,
      'POST /api/findmed/v1/md/pv HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 9\r\n\r\nhello',
    );
    expect(answer).toMatchObject({ kind: 'answer', status: 400 });
    expect(answer.kind === 'answer' && JSON.parse(answer.body)).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });
});
