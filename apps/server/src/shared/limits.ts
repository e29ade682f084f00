import type { ErrorCode } from '@jinb/contract';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error';

/**
 * A named limit: at most `points` hits per `durationS` seconds for one key. With `blockS`, a key that goes over
 * stays refused that long (a lockout) even after the window would have reset.
 */
export type LimitRule = {
  readonly name: string;
  readonly points: number;
  readonly durationS: number;
  blockS?: number;
  /**
   * Once a key is over, this process refuses it from memory until its window ends instead of asking Redis each
   * time: a flood then costs no round trip. Other processes learn it on their next request for the key.
   */
  blockInMemory?: boolean;
};

type Logger = { warn(object: object, message: string): void; info(object: object, message: string): void };

export type Limits = ReturnType<typeof createLimits>;

/**
 * Attempt limits, lockouts, cooldowns and presence marks, shared by every server process through Redis when it is
 * configured, in this process otherwise.
 *
 * Every limit counts the attempt atomically *before* the work it guards (a Lua script in Redis, a synchronous
 * update in memory): fifty parallel guesses consume fifty points, so only the first few ever reach the password
 * check. Checking a counter and incrementing it afterwards let parallel requests through.
 *
 * When Redis is unreachable each limiter falls back to an in-process one (rate-limiter-flexible's insurance
 * limiter) at once, without waiting for Redis: limits then hold per process instead of across processes, which
 * keeps sign-in and SMS working during a Redis outage while still stopping a flood at each process. The outage is
 * logged once when it starts and once when Redis is back; ioredis reconnects in the background.
 */
export function createLimits(options: { redisUrl?: string; prefix?: string; log?: Logger } = {}) {
  const prefix = options.prefix ?? 'jinb:';
  const redis = options.redisUrl ? connectQuietly(options.redisUrl, options.log) : undefined;
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor(rule: LimitRule): RateLimiterAbstract {
    const id = `${rule.name}:${rule.points}:${rule.durationS}:${rule.blockS ?? 0}:${rule.blockInMemory ?? false}`;
    let limiter = limiters.get(id);
    if (limiter) return limiter;
    const shape = {
      keyPrefix: `${prefix}limit:${rule.name}`,
      points: rule.points,
      duration: rule.durationS,
      blockDuration: rule.blockS ?? 0,
    };
    limiter = redis
      ? new RateLimiterRedis({
          ...shape,
          storeClient: redis,
          // Refuse to wait for a reconnecting Redis: the in-process limiter answers instead, at once.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(shape),
          ...(rule.blockInMemory ? { inMemoryBlockOnConsumed: rule.points + 1 } : {}),
        })
      : new RateLimiterMemory(shape);
    limiters.set(id, limiter);
    return limiter;
  }

  function refusal(outcome: unknown, code: ErrorCode): AppError {
    if (outcome instanceof RateLimiterRes) {
      return new AppError(code, { retryAfterS: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) });
    }
    // Both the store and the insurance failed: refuse rather than let an unlimited attempt through.
    return new AppError('SERVICE_UNAVAILABLE', { cause: outcome });
  }

  return {
    /**
     * Counts `points` attempts for `key` now and throws `code` (with a Retry-After) once the rule is exceeded.
     * Call it before the slow or sensitive check it protects.
     */
    async consume(rule: LimitRule, key: string, code: ErrorCode = 'TOO_MANY_REQUESTS', points = 1): Promise<number> {
      try {
        const result = await limiterFor(rule).consume(key, points);
        return result.remainingPoints;
      } catch (outcome) {
        throw refusal(outcome, code);
      }
    },

    /**
     * Throws `code` (with a Retry-After) when `key` has nothing left under the rule, without counting anything: for
     * work that is counted only once its outcome is known, but must not even start for a key that is used up.
     */
    async check(rule: LimitRule, key: string, code: ErrorCode = 'TOO_MANY_REQUESTS'): Promise<void> {
      let result: RateLimiterRes;
      try {
        result = await limiterFor(rule).consume(key, 0);
      } catch (outcome) {
        throw refusal(outcome, code);
      }
      if (result.remainingPoints <= 0) throw refusal(result, code);
    },

    /** Attempts counted for `key` in the current window (0 when none). */
    async used(rule: LimitRule, key: string): Promise<number> {
      const result = await limiterFor(rule).get(key);
      return result?.consumedPoints ?? 0;
    },

    /** Gives back `points` attempts of `key` (an attempt that turned out legitimate should not count). */
    async refund(rule: LimitRule, key: string, points = 1): Promise<void> {
      await limiterFor(rule).reward(key, points);
    },

    /** Forgets the attempts of `key` (a successful sign-in clears its failures). */
    async reset(rule: LimitRule, key: string): Promise<void> {
      await limiterFor(rule).delete(key);
    },

    /** Refuses `key` for `seconds`, whatever its count (escalating lockouts). */
    async block(rule: LimitRule, key: string, seconds: number): Promise<void> {
      await limiterFor(rule).block(key, seconds);
    },

    /** Marks `key` as present for the rule's duration (presence, heartbeats); marking again extends it. */
    async mark(rule: LimitRule, key: string): Promise<void> {
      await limiterFor(rule).set(key, 1, rule.durationS);
    },

    async isMarked(rule: LimitRule, key: string): Promise<boolean> {
      return (await limiterFor(rule).get(key)) !== null;
    },

    /** Whether the shared store answers now; undefined without Redis (limits are per process by design). */
    redisReady(): boolean | undefined {
      return redis ? redis.status === 'ready' : undefined;
    },

    async close(): Promise<void> {
      limiters.clear();
      if (redis) redis.disconnect();
    },
  };
}

function connectQuietly(url: string, log: Logger | undefined): Redis {
  const redis = new Redis(url, {
    // Commands fail at once while disconnected instead of queueing; the limiters' insurance answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: { message: error.message } }, 'redis unavailable: limits hold per process until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({}, 'redis is back: limits are shared again');
  });
  return redis;
}
