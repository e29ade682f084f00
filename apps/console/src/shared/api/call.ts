import { CLIENT_D, type ErrorCode, HEADER, isSessionExpired, paths, REQUEST_TIMEOUT_MS } from '@jinb/contract';
import type { Body, EndpointName, Params, Query, Result } from '@jinb/contract/endpoints';
import { deviceId, operatorToken } from '../session/session';
import { apiMessages } from './messages';

/**
 * A refused or failed call. `message` is the server's own (zh-CN) when it answered, ready to show; `detail` is what
 * the server sent to act on the refusal, unchecked.
 */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE',
    readonly status = 0,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export type CallInput<N extends EndpointName> = {
  params?: Params<N>;
  query?: Query<N>;
  body?: Body<N> | FormData;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header (money-moving calls: one key per operator action, kept across retries). */
  idempotencyKey?: string;
};

/** The whole console hears a session that ended (expired, signed out elsewhere): it goes back to sign-in. */
let onSessionExpired: () => void = () => {};

/**
 * The endpoint table with every call's zod schemas, loaded with the first call rather than with the first screen:
 * the sign-in page draws before it arrives.
 */
let table: Promise<typeof import('@jinb/contract/endpoints')> | undefined;
function endpointTable() {
  table ??= import('@jinb/contract/endpoints');
  return table;
}
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** `/api/admin/v1/members/:id` with `{ id: '7' }` -> `/api/admin/v1/members/7`. */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The headers every console call carries: the site's, in zh-CN, and the operator's token when signed in. */
export function consoleHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.d]: CLIENT_D,
    [HEADER.lang]: 'zh-CN',
    [HEADER.deviceNo]: deviceId(),
  };
  const token = operatorToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The query object as URL parameters: empty values are left out, arrays repeat the key. */
export function searchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}

/** fetch with the site's time limit; the caller's signal still cancels. */
export async function send(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) abort();
  else init.signal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    throw timedOut
      ? new ConsoleApiError(apiMessages.timeout, 'TIMEOUT')
      : new ConsoleApiError(apiMessages.network, 'NETWORK');
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', abort);
  }
}

/**
 * Reads the server's envelope: `{status: true, data}` gives data; a refusal throws with the server's message; an
 * ended session (401 SESSION_EXPIRED) clears the token and returns the console to sign-in.
 */
export async function readEnvelope(response: Response): Promise<unknown> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ConsoleApiError(apiMessages.badResponse, 'BAD_RESPONSE', response.status);
  }
  const envelope = payload as { status?: unknown; data?: unknown; code?: ErrorCode; detail?: unknown };
  if (isSessionExpired(payload) || envelope.code === 'SESSION_EXPIRED') {
    if (operatorToken.get()) {
      operatorToken.clear();
      onSessionExpired();
    }
    throw new ConsoleApiError(apiMessages.sessionExpired, 'SESSION_EXPIRED', response.status);
  }
  if (!envelope.status) {
    const message = typeof envelope.data === 'string' && envelope.data ? envelope.data : apiMessages.failed;
    throw new ConsoleApiError(message, envelope.code ?? 'INTERNAL', response.status, envelope.detail);
  }
  return envelope.data;
}

/**
 * The one way the console talks to the server: the contract's endpoint table by name gives the method and path,
 * the body goes as JSON (or multipart when FormData), and the answer is parsed by the call's response schema.
 * `call('adminMe')`, `call('adminMember', { params: { id } })`, `call('adminWithdrawals', { query: { page: 1 } })`.
 */
export async function call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<Result<N>> {
  const template = (paths as Record<string, string>)[name];
  if (!template) throw new Error(`no path for ${name}`);
  const url = new URL(fillPath(template, input.params as Record<string, unknown>), location.origin);
  url.search = searchParams(input.query as Record<string, unknown>).toString();
  const headers = consoleHeaders();
  if (input.idempotencyKey) headers[HEADER.idempotencyKey] = input.idempotencyKey;
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  // Everything taken from the session (the token) is read before the first await: a sign-out right after this call
  // starts must not change what it sends.
  const spec = (await endpointTable()).endpoints[name];
  const response = await send(url.toString(), { method: spec.method, headers, body, signal: input.signal });
  const data = await readEnvelope(response);
  const parsed = spec.response.safeParse(data);
  if (!parsed.success)
    throw new ConsoleApiError(apiMessages.badResponse, 'BAD_RESPONSE', response.status, parsed.error);
  return parsed.data as Result<N>;
}
