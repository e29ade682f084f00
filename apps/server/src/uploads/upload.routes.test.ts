import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

const BOUNDARY = '----jinbtestboundary';

describe.each(testDatabases)('malformed uploads on %s', (kind) => {
  let sut: TestApp;
  let token: string;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    token = (await sut.register()).token;
  });
  afterAll(async () => {
    await sut?.close();
  });

  const upload = (payload: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload,
      headers: { 'content-type': contentType, t: token },
    });

  it('answers every broken multipart body with a 4xx envelope, never a 500', async () => {
    const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const cases = [
      upload(`${part}\u0089PNG`), // truncated: no closing boundary
      upload('no boundary anywhere in here'),
      upload(`--${BOUNDARY}\r\nContent-Disposition\r\n\r\nx\r\n--${BOUNDARY}--\r\n`), // broken part header
      upload(`--${BOUNDARY}--\r\n`), // no file at all
      upload(`${part}x\r\n--${BOUNDARY}--\r\n`, 'multipart/form-data'), // boundary missing from the header
      upload(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ status: false });
      expect(typeof response.json().code).toBe('string');
    }
  });
});
