import { AppError } from '../shared/app-error';
import type { CounterStore } from '../shared/counter-store';

const WINDOW_MS = 15 * 60_000;
/** After this many wrong passwords an account is locked for the rest of the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** One address guessing across many accounts is stopped too. */
export const MAX_FAILURES_PER_IP = 30;

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export function createLoginLimiter(counters: CounterStore, scope = 'member') {
  const accountKey = (account: string) => `login:${scope}:fail:account:${account.toLowerCase()}`;
  const ipKey = (ip: string) => `login:${scope}:fail:ip:${ip}`;
  return {
    async assertAllowed(account: string, ip: string): Promise<void> {
      const [byAccount, byIp] = await Promise.all([counters.get(accountKey(account)), counters.get(ipKey(ip))]);
      if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_IP) throw new AppError('LOGIN_LOCKED');
    },
    async recordFailure(account: string, ip: string): Promise<void> {
      await Promise.all([counters.increment(accountKey(account), WINDOW_MS), counters.increment(ipKey(ip), WINDOW_MS)]);
    },
    async recordSuccess(account: string): Promise<void> {
      await counters.delete(accountKey(account));
    },
  };
}
