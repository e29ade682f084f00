import {
  CLIENT_D,
  type ErrorCode,
  HEADER,
  isSessionExpired,
  REQUEST_TIMEOUT_MS,
  type SitePathName,
  sitePaths,
} from '@jinb/contract';
// Types only: endpoints.ts carries every zod schema, and the site's code must not load them (a test checks this).
import type {
  Body,
  EndpointName,
  Endpoints,
  GetEndpoint,
  MultipartEndpoint,
  PostEndpoint,
  Query,
  Result,
} from '@jinb/contract/endpoints';
import { LANG } from '../config';
import { useSession } from '../session/session-store';
import { deviceId } from '../session/storage';
import { type ClientFailure, clientLocale } from './client.locale';

/**
 * A failed call: `message` is ready to show the member (already in their language). `detail` is what the server sent
 * to act on the refusal, unchecked (ODDS_CHANGED: each leg's price now); the caller reads it with the contract's shape.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT',
    readonly httpStatus = 0,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onSessionExpired: () => void = () => {};

/** The app shell installs what happens on an expired session (native sign-in or /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let onRefusal: (error: ApiError) => void = () => {};

/**
 * The app shell hears every refusal the server answers, whichever page made the call: a few concern the whole session
 * (the session-time limit) rather than the action refused. The caller still gets the error as before.
 */
export function setRefusalListener(listener: (error: ApiError) => void): void {
  onRefusal = listener;
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  /** Nested values (arrays, objects) only in a JSON body. */
  body?: Record<string, unknown> | FormData;
  /** Send the body as raw JSON (the task calls); paths with /keep_house/ always are. */
  json?: boolean;
  /** Sent as the Idempotency-Key header on money-moving calls. */
  idempotencyKey?: string;
  /** Extra headers of one call (a chat guest's token, support.ts GUEST_TOKEN_HEADER). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A response to this very call already on its way (index.html starts the home page's first call early). */
  response?: Promise<Response>;
};

/** Raised in place of the fetch's own AbortError when the time limit, not the caller, cut the call short. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * fetch with the site's time limit: no retries, HTTP errors resolve (the envelope says what went wrong).
 * The caller's signal still cancels the call. A plain timer (not AbortSignal.timeout) so tests can fake the clock.
 */
async function send(
  path: string,
  { query, ...init }: RequestInit & { query?: Record<string, string> },
): Promise<Response> {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const controller = new AbortController();
  const callerSignal = init.signal;
  const abortFromCaller = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abortFromCaller();
  else callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    throw timedOut ? new TimeoutError('request timed out') : error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abortFromCaller);
  }
}

function formBody(body: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) params.append(key, String(value));
  return params;
}

/** The message of a failure the server said nothing about (the server's own refusals carry theirs). */
function localMessage(failure: ClientFailure): string {
  return clientLocale[LANG][failure];
}

/**
 * The one way the site talks to the server (spec section 7): headers d, lang, device_no and t on every call,
 * 10 s timeout, form-encoded bodies unless JSON, `{status, data}` envelope, `id`/`vid` response headers,
 * and the session-expired rule. Resolves with `data`; rejects with ApiError.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const session = useSession.getState();
  const headers: Record<string, string> = {
    [HEADER.d]: CLIENT_D,
    [HEADER.lang]: LANG,
    [HEADER.deviceNo]: deviceId(),
  };
  if (session.token) headers[HEADER.token] = session.token;
  if (options.idempotencyKey) headers[HEADER.idempotencyKey] = options.idempotencyKey;
  if (options.headers) Object.assign(headers, options.headers);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body && (options.json || path.includes('/keep_house/'))) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  } else if (options.body) body = formBody(options.body);

  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query[key] = String(value);

  let response: Response;
  try {
    response = await (options.response ?? send(path, { method, headers, body, query, signal: options.signal }));
  } catch (error) {
    const failure = error instanceof Error && error.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK';
    throw new ApiError(localMessage(failure), failure);
  }

  const rotated = response.headers.get(HEADER.rotatedToken);
  if (rotated && useSession.getState().token) useSession.getState().setToken(rotated);
  const vid = response.headers.get(HEADER.visitorId);
  if (vid) useSession.getState().setVid(vid);

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(localMessage(response.status >= 500 ? 'INTERNAL' : 'RETRY'), 'INTERNAL', response.status);
  }

  if (isSessionExpired(payload)) {
    if (useSession.getState().token) {
      useSession.getState().logout();
      onSessionExpired();
    }
    throw new ApiError(localMessage('SESSION_EXPIRED'), 'SESSION_EXPIRED', response.status);
  }

  const envelope = payload as { status?: unknown; data?: unknown; code?: ErrorCode; detail?: unknown };
  if (!envelope.status) {
    const message = typeof envelope.data === 'string' && envelope.data ? envelope.data : localMessage('RETRY');
    const error = new ApiError(message, envelope.code ?? 'INTERNAL', response.status, envelope.detail);
    onRefusal(error);
    throw error;
  }
  return envelope.data as T;
}

/** Fetches a binary body (the captcha image) with the same headers. */
export async function requestBlob(path: string): Promise<Blob> {
  const response = await send(path, {
    headers: { [HEADER.d]: CLIENT_D, [HEADER.lang]: LANG, [HEADER.deviceNo]: deviceId() },
    query: { _: String(Date.now()) },
  });
  if (!response.ok) throw new ApiError(localMessage('CODE_SEND_FAILED'), 'INTERNAL', response.status);
  return response.blob();
}

/**
 * The site's endpoints without path parameters (its few with them go through ./calls.ts getAt); the sportsbook
 * console's are not in the site's lookup.
 */
export type SiteEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { params: unknown } ? never : N extends SitePathName ? N : never;
}[EndpointName];

/** Present and required when the endpoint takes one with a required field, optional when every field is, else absent. */
type Field<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: never }
  : object extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/**
 * What a call takes besides the endpoint's name, typed by the contract's table: its query, its body (what is sent,
 * before the server's parsing: an encrypted password is a string like any other) and `json` exactly when the table
 * says the body goes as JSON.
 */
export type CallOptions<N extends EndpointName> = Pick<
  RequestOptions,
  'idempotencyKey' | 'signal' | 'response' | 'headers'
> &
  Field<'query', Query<N>> &
  Field<'body', N extends MultipartEndpoint ? FormData : Body<N>> &
  (Endpoints[N] extends { json: true } ? { json: true } : { json?: never });

/** The options argument may be left out when nothing in it is required. */
export type CallArgs<N extends EndpointName> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/**
 * A GET of the contract's endpoint table by name, e.g. `get('balance', { signal })`: the query's type and the
 * result's come from the table. Resolves with `data`; rejects with ApiError.
 */
export function get<N extends GetEndpoint & SiteEndpoint>(name: N, ...[options]: CallArgs<N>): Promise<Result<N>> {
  return request<Result<N>>('GET', sitePaths[name], options as RequestOptions | undefined);
}

/** A POST of the table by name, e.g. `post('login', { body })`: the body's type and the result's come from it. */
export function post<N extends PostEndpoint & SiteEndpoint>(name: N, ...[options]: CallArgs<N>): Promise<Result<N>> {
  return request<Result<N>>('POST', sitePaths[name], options as RequestOptions | undefined);
}
