import { Redis } from 'ioredis';

/** A heartbeat comes every 30 s: a member not heard from for three of them has left the game. */
export const PRESENCE_TTL_MS = 90_000;

export type Presence = { memberId: bigint; gameid: string; platform: string; seenAt: Date };

export interface PresenceStore {
  /** The heartbeat: the member is in this game now (an empty gameid: in none, so they leave the list). */
  seen(memberId: bigint, gameid: string, platform: string): Promise<void>;
  /** Everyone heard from within the TTL who is in a game. */
  list(): Promise<Presence[]>;
  close(): Promise<void>;
}

/**
 * Who is in which game, from the heartbeats: kept with a TTL in memory, or in Redis when processes share one, so a
 * heartbeat is never a database write. In Redis one sorted set scores members by when they were last seen, and one
 * hash holds their game; listing drops those past the TTL from both.
 */
export function createPresenceStore(options: { redisUrl?: string; prefix?: string; ttlMs?: number }): PresenceStore {
  const ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
  if (!options.redisUrl) return memoryPresence(ttlMs);
  const prefix = options.prefix ?? 'jinb:';
  const seenKey = `${prefix}presence:seen`;
  const gameKey = `${prefix}presence:game`;
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // Presence is a convenience for operators: Redis away means an empty list, never a failed heartbeat.
  redis.on('error', () => {});
  const fallback = memoryPresence(ttlMs);
  return {
    async seen(memberId, gameid, platform) {
      const id = String(memberId);
      try {
        if (!gameid) {
          await redis.multi().zrem(seenKey, id).hdel(gameKey, id).exec();
          return;
        }
        await redis
          .multi()
          .zadd(seenKey, Date.now(), id)
          .hset(gameKey, id, JSON.stringify([gameid, platform]))
          .exec();
      } catch {
        await fallback.seen(memberId, gameid, platform);
      }
    },
    async list() {
      try {
        const cutoff = Date.now() - ttlMs;
        const gone = await redis.zrangebyscore(seenKey, '-inf', `(${cutoff}`);
        if (gone.length > 0)
          await redis
            .multi()
            .zrem(seenKey, ...gone)
            .hdel(gameKey, ...gone)
            .exec();
        const live = await redis.zrangebyscore(seenKey, cutoff, '+inf', 'WITHSCORES');
        const ids: string[] = [];
        const scores: number[] = [];
        for (let index = 0; index < live.length; index += 2) {
          ids.push(live[index] as string);
          scores.push(Number(live[index + 1]));
        }
        const games = ids.length ? await redis.hmget(gameKey, ...ids) : [];
        const list: Presence[] = [];
        ids.forEach((id, index) => {
          const game = games[index];
          if (!game) return;
          const [gameid, platform] = JSON.parse(game) as [string, string];
          list.push({ memberId: BigInt(id), gameid, platform, seenAt: new Date(scores[index] ?? 0) });
        });
        return list;
      } catch {
        return fallback.list();
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

function memoryPresence(ttlMs: number): PresenceStore {
  const present = new Map<bigint, Presence>();
  return {
    async seen(memberId, gameid, platform) {
      if (!gameid) present.delete(memberId);
      else present.set(memberId, { memberId, gameid, platform, seenAt: new Date() });
    },
    async list() {
      const cutoff = Date.now() - ttlMs;
      for (const [id, entry] of present) if (entry.seenAt.getTime() < cutoff) present.delete(id);
      return [...present.values()];
    },
    async close() {},
  };
}
