import { type LoggerOptions, stdSerializers } from 'pino';

const REDACTED = '[redacted]';

/**
 * Fields that carry something a reader of the logs could sign in, reset a password or replay a payment with.
 * Matched case-insensitively wherever they appear in a logged object (headers, bodies, error details).
 */
const SECRET_FIELDS = new Set(
  [
    'token',
    't',
    'authorization',
    'cookie',
    'set-cookie',
    'password',
    'oldPassword',
    'newPassword',
    'code',
    'smsCode',
    'emailCode',
    'sign',
    'secret',
    'idempotency-key',
    'idempotencyKey',
  ].map((name) => name.toLowerCase()),
);
/** `id` is a session header in the spec but an ordinary identifier everywhere else, so only headers lose it. */
const SECRET_HEADERS = new Set([...SECRET_FIELDS, 'id']);

/** Secret query parameters inside any text: a logged URL, a 404 message that quotes the path, an error message. */
const SECRET_QUERY = /([?&](?:token|t|code|smscode|sign|password)=)[^&#\s"']*/gi;

export function redactText(text: string): string {
  return text.replace(SECRET_QUERY, `$1${REDACTED}`);
}

const MAX_DEPTH = 8;

function redactValue(value: unknown, secretNames: Set<string>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  // Class instances (a Fastify request, an error) are left whole for their serializers below.
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, SECRET_FIELDS, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (secretNames.has(lower)) copy[key] = REDACTED;
    else copy[key] = redactValue(inner, lower === 'headers' ? SECRET_HEADERS : SECRET_FIELDS, depth + 1);
  }
  return copy;
}

export function redactObject(value: Record<string, unknown>): Record<string, unknown> {
  return redactValue(value, SECRET_FIELDS, 0) as Record<string, unknown>;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/**
 * Pino options that keep secrets out of every log line: requests are logged as method, redacted URL and address
 * (never headers or bodies), every other logged object has its secret fields replaced, and message text has secret
 * query parameters removed. Members arrive with `?token=` on site links, so URLs are the usual leak.
 */
export const logRedaction: Pick<LoggerOptions, 'serializers' | 'formatters' | 'hooks'> = {
  serializers: {
    req(request: LoggedRequest) {
      return {
        method: request.method,
        url: request.url === undefined ? undefined : redactText(request.url),
        host: request.hostname ?? request.host,
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
        remotePort: request.socket?.remotePort,
      };
    },
    res(reply: { statusCode?: number }) {
      return { statusCode: reply.statusCode };
    },
    err(error: Error) {
      // The standard serializer returns an object with its own prototype; a plain copy lets the walk reach it.
      return redactObject({ ...stdSerializers.err(error) });
    },
  },
  formatters: {
    log: (object) => redactObject(object),
  },
  hooks: {
    logMethod(args, method) {
      // Objects go through the log formatter and serializers; only message text is left to clean here.
      // A bare error is logged by pino without the err serializer: hand it over as `{ err }` so it is cleaned too.
      const [first, ...rest] = args as unknown[];
      const spelled = first instanceof Error ? [{ err: first }, ...(rest.length ? rest : [first.message])] : args;
      const cleaned = spelled.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
      return method.apply(this, cleaned as Parameters<typeof method>);
    },
  },
};
