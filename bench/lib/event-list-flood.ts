import { sportsApi } from '@jinb/contract';
import autocannon, { type Result } from 'autocannon';
import { siteHeaders } from './member-client';

/**
 * The hostile client of the flood benchmark, in a process of its own so its own work does not slow the bettors'
 * clock: FLOOD_CONNECTIONS keep-alive connections from one address, no session, each asking for the biggest event
 * lists in turn (100 events a page, gzip) for FLOOD_SECONDS, ignoring Retry-After. Prints its answers as JSON.
 */
type RequestShape = { method: string; path: string; headers: Record<string, string> };
type HookedOptions = {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ method: string; path: string; setupRequest: (request: RequestShape) => RequestShape }>;
};
const hooked = autocannon as unknown as (options: HookedOptions) => Promise<Result>;

const url = process.env.FLOOD_URL ?? '';
const queries = ['status=today', 'status=early', 'status=live', ''].flatMap((window) =>
  ['football', 'basketball', 'tennis'].map((sport) => `sport=${sport}&size=100&${window}`),
);
let n = 0;
const result = await hooked({
  url,
  connections: Number(process.env.FLOOD_CONNECTIONS ?? 50),
  duration: Number(process.env.FLOOD_SECONDS ?? 10),
  requests: [
    {
      method: 'GET',
      path: sportsApi.sportsEvents,
      setupRequest: (request) => ({
        ...request,
        path: `${sportsApi.sportsEvents}?${queries[n++ % queries.length]}`,
        headers: { ...request.headers, ...siteHeaders('h5-androidfloodclient1'), 'accept-encoding': 'gzip' },
      }),
    },
  ],
});
const counts = result as unknown as Record<string, number>;
console.log(
  JSON.stringify({
    requests: result.requests.total,
    '2xx': counts['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: result.throughput.total,
  }),
);
