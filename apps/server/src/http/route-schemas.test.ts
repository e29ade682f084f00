import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Routes that answer with something other than our JSON envelope (images, files, redirects, the docs). */
const NOT_JSON = new Set(['GET /api/findmed/v1/member/captcha']);

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

function routesWithoutResponseSchema(document: OpenApi): string[] {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      if (NOT_JSON.has(route)) continue;
      const content = operation.responses?.['200']?.content;
      if (!content || !Object.values(content).some((media) => media.schema)) missing.push(route);
    }
  }
  return missing;
}

describe('every route declares what it answers', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    await sut.app.ready();
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('has a response schema for its 200, so the serializer checks every answer against the contract', () => {
    const missing = routesWithoutResponseSchema(sut.app.swagger() as OpenApi);
    expect(missing).toEqual([]);
  });

  it('would name a route that answers without one (the check itself can fail)', () => {
    const document: OpenApi = {
      paths: {
        '/api/admin/v1/ledger/check': { get: { responses: { '200': { description: 'Default Response' } as never } } },
        '/api/admin/v1/me': { get: { responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
      },
    };
    expect(routesWithoutResponseSchema(document)).toEqual(['GET /api/admin/v1/ledger/check']);
  });
});
