import type { LimitRule, Limits } from '../shared/limits';

/** Wrong passwords one account may get from one address before that pair is locked. */
export const MAX_FAILURES_PER_PAIR = 5;
const PAIR_WINDOW_S = 15 * 60;
/** The first lockout of a pair lasts this long; each further one the same day doubles it, up to a day. */
const FIRST_LOCKOUT_S = 15 * 60;
const MAX_LOCKOUT_S = 24 * 3600;

/**
 * Sign-in attempts are counted atomically before the password is checked, per account *and address pair*: a
 * stranger guessing from elsewhere cannot lock the real member out of their own phone, and one address behind
 * which many members sit (a carrier NAT, an office) is not locked for all of them by one bad actor. The wider
 * counters only stop floods: per account across all addresses (a botnet), per address across accounts (spraying).
 */
export function createLoginLimiter(limits: Limits, scope: 'member' | 'operator') {
  const pair: LimitRule = { name: `login-${scope}-pair`, points: MAX_FAILURES_PER_PAIR, durationS: PAIR_WINDOW_S };
  const lockouts: LimitRule = { name: `login-${scope}-lockouts`, points: 64, durationS: 24 * 3600 };
  const account: LimitRule = { name: `login-${scope}-account`, points: 100, durationS: 3600 };
  const address: LimitRule = { name: `login-${scope}-ip`, points: 200, durationS: PAIR_WINDOW_S };
  const pairKey = (name: string, ip: string) => `${name.toLowerCase()}|${ip}`;

  return {
    /**
     * Counts one attempt before the password is checked; throws LOGIN_LOCKED (with Retry-After) when the pair, the
     * account or the address is over its limit. The returned attempt is passed to `failed` or `succeeded`.
     */
    async begin(name: string, ip: string): Promise<{ name: string; ip: string; lastBeforeLock: boolean }> {
      const key = pairKey(name, ip);
      const remaining = await limits.consume(pair, key, 'LOGIN_LOCKED');
      await limits.consume(account, name.toLowerCase(), 'LOGIN_LOCKED');
      await limits.consume(address, ip, 'LOGIN_LOCKED');
      return { name, ip, lastBeforeLock: remaining === 0 };
    },

    /** A wrong password: the pair's last allowed failure locks it, longer each time it happens again that day. */
    async failed(attempt: { name: string; ip: string; lastBeforeLock: boolean }): Promise<void> {
      if (!attempt.lastBeforeLock) return;
      const key = pairKey(attempt.name, attempt.ip);
      const left = await limits.consume(lockouts, key).catch(() => 0);
      const count = lockouts.points - left;
      await limits.block(pair, key, Math.min(FIRST_LOCKOUT_S * 2 ** (count - 1), MAX_LOCKOUT_S));
    },

    /** The right password: the pair's failures are forgotten and the wide counters only keep failures. */
    async succeeded(attempt: { name: string; ip: string }): Promise<void> {
      await limits.reset(pair, pairKey(attempt.name, attempt.ip));
      await limits.refund(account, attempt.name.toLowerCase());
      await limits.refund(address, attempt.ip);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
