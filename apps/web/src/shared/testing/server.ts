import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** One mock API per test file; handlers come from each test (shaped like packages/contract). */
export function startMockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A URL pattern for a contract path on whatever origin the test page has. */
export const at = (path: string) => `*${path}`;

export const ok = <T>(data: T) => ({ status: true, data });
