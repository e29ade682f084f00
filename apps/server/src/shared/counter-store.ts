import { Redis } from 'ioredis';

/**
 * Expiring counters and values shared by every server process when Redis is configured (rate limits, lockouts,
 * presence). Without Redis they live in this process, which is right for one process and documented as such.
 */
export interface CounterStore {
  /** Adds 1 and returns the new count; the window starts with the first hit and lasts ttlMs. */
  increment(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Sets key only if absent; true when this call set it (a cooldown or a lock). */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, { value: number; expiresAt: number }>();
  private sweeps = 0;

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    // Expired keys are dropped every so often so a flood of distinct keys cannot grow memory forever.
    if (++this.sweeps % 1000 !== 0) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    this.sweep(now);
    const entry = this.live(key, now);
    if (entry) {
      entry.value += 1;
      return entry.value;
    }
    this.entries.set(key, { value: 1, expiresAt: now + ttlMs });
    return 1;
  }

  async get(key: string): Promise<number> {
    return this.live(key, Date.now())?.value ?? 0;
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.live(key, now)) return false;
    this.entries.set(key, { value: 1, expiresAt: now + ttlMs });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'jinb:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const full = this.prefix + key;
    const results = await this.redis.multi().incr(full).pexpire(full, ttlMs, 'NX').exec();
    const [error, count] = results?.[0] ?? [new Error('redis multi failed'), 0];
    if (error) throw error;
    return Number(count);
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
