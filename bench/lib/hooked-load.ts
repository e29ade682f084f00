import autocannon, { type Result } from 'autocannon';

/**
 * autocannon with each request built per call (path, headers, body) and each answer classified by a caller's
 * function, for routes whose refusals come inside a 200 (the vendor wallet protocol answers `{ code }`) and for GETs
 * (money-load.ts's `loadWith` only POSTs, and counts only non-2xx answers).
 */
type RequestShape = { method: string; path: string; headers: Record<string, string>; body?: string };
type HookedOptions = {
  url: string;
  connections: number;
  duration: number;
  amount?: number;
  requests: Array<{
    method: string;
    path: string;
    setupRequest: (request: RequestShape) => RequestShape;
    onResponse: (status: number, body: string) => void;
  }>;
};
const hooked = autocannon as unknown as (options: HookedOptions) => Promise<Result>;

export type HookedOutcome = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests started (setupRequest calls): at the deadline up to one per connection is still in flight. */
  sent: number;
  errors: number;
  /** Answers by the caller's label (e.g. `OK`, `INSUFFICIENT_FUNDS`, `HTTP 500`). */
  answers: Record<string, number>;
};

export async function hookedLoad(options: {
  baseUrl: string;
  method: 'GET' | 'POST';
  connections: number;
  seconds: number;
  /** Stop after this many requests instead (still bounded by `seconds`... autocannon ignores duration then). */
  amount?: number;
  next: (sequence: number) => { path: string; headers: Record<string, string>; body?: string };
  classify: (status: number, body: string) => string;
}): Promise<HookedOutcome> {
  let sequence = 0;
  const answers: Record<string, number> = {};
  const result = await hooked({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    ...(options.amount ? { amount: options.amount } : {}),
    requests: [
      {
        method: options.method,
        path: '/',
        setupRequest: (request) => {
          const built = options.next(sequence++);
          return {
            ...request,
            method: options.method,
            path: built.path,
            headers: { ...request.headers, ...built.headers },
            ...(built.body !== undefined ? { body: built.body } : {}),
          };
        },
        onResponse: (status, body) => {
          const label = options.classify(status, body);
          answers[label] = (answers[label] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    sent: sequence,
    errors: result.errors + result.timeouts,
    answers,
  };
}

/** The site's envelope: 2xx with `status: true` is `OK`, anything else its `code` or its HTTP status. */
export function envelopeLabel(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { status?: boolean; code?: string };
    if (status >= 200 && status < 300 && parsed.status === true) return 'OK';
    return parsed.code ?? `HTTP ${status}`;
  } catch {
    return `HTTP ${status}`;
  }
}

export function describeAnswers(answers: Record<string, number>): string {
  return Object.entries(answers)
    .map(([label, n]) => `${label} x${n}`)
    .join(', ');
}
