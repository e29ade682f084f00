import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { operator } from '../test/wallet-fixtures';

describe('the API document in production', () => {
  let sut: TestApp;
  beforeAll(async () => {
    // Production mode on the embedded database: only the switch matters here.
    sut = await createTestApp('pglite', {
      tweak: (config) => {
        config.mode = 'production';
      },
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('is not public: no page, and the document only for a signed-in operator', async () => {
    // Without the page, /docs is an unknown path: a 404, or the site's shell when the site is built.
    expect((await sut.get('/docs')).body).not.toMatch(/swagger/i);
    const anonymous = await sut.get('/docs/json');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, code: 'SESSION_EXPIRED' });
    const desk = await operator(sut);
    const document = await desk.get('/docs/json');
    expect(document.statusCode).toBe(200);
    expect(document.json().paths['/api/f/v1/member/login/mpe']).toBeDefined();
  });
});
