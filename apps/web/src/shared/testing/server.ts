import { ws } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The realtime channel's socket, for tests that play the server's side of it. */
export const realtimeLink = ws.link('*/ws');

/**
 * One mock API per test file; handlers come from each test (shaped like packages/contract). Pages that listen to the
 * realtime channel open its socket: by default it connects and stays silent, as a server with nothing to say would.
 */
export function startMockApi() {
  const server = setupServer(realtimeLink.addEventListener('connection', () => {}));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A URL pattern for a contract path on whatever origin the test page has. */
export const at = (path: string) => `*${path}`;

export const ok = <T>(data: T) => ({ status: true, data });
