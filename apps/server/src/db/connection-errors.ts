/**
 * Errors that mean the database could not be reached or the connection died under a query, as opposed to a query
 * the database refused: admin shutdown/termination (57P01-03), connection exceptions (class 08), node-pg's own
 * "Connection terminated" / timeout errors (no SQLSTATE), and socket errors.
 */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A statement cancelled by statement_timeout (57014): the database is too slow to answer, not the request wrong. */
export function isTimeoutError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a query gets at once while the database is known to be unreachable (see pool-breaker.ts). Class 08
 * ("SQL client unable to establish SQL connection"), so everything that handles a lost connection handles it too:
 * a 503 for the request, a retry of a keyed money transaction (which fails as fast).
 */
export class DatabaseDownError extends Error {
  readonly code = '08001';
  constructor() {
    super('database unreachable: refused without trying until a probe reaches it again');
    this.name = 'DatabaseDownError';
  }
}

/** The database is known down: expected while it lasts, logged once by the breaker rather than per request. */
export function isDatabaseDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof DatabaseDownError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
