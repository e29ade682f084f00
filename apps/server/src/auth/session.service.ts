import { LRUCache } from 'lru-cache';
import type { Config } from '../config/config';
import type { Database, Executor, Transaction } from '../db/database';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { newToken, sha256 } from '../shared/tokens';
import { authRepository } from './auth.repository';

/** 'withdraw': the short-lived session an excluded member is offered, which can do nothing but withdraw. */
export type SessionScope = 'full' | 'withdraw';

export type MemberSession = {
  sessionId: bigint;
  memberId: bigint;
  scope: SessionScope;
  /** When the member signed in (the reality check counts from here; rotation does not restart it). */
  startedAt: Date;
  /** Set when this request rotated the token; the route layer sends it in the `id` header. */
  rotatedToken?: string;
};

type CachedSession = {
  sessionId: bigint;
  memberId: bigint;
  scope: SessionScope;
  startedAt: Date;
  tokenIssuedAt: number;
  lastSeenAt: number;
  current: boolean;
};

/** How often last_seen_at is written: enough for the idle timeout, without a write on every read. */
const TOUCH_EVERY_MS = 60_000;
/** How long a validated token is trusted without asking the database; revocations drop it at once. */
const CACHE_TTL_MS = 5_000;

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Member sessions: 256-bit tokens stored hashed, idle and absolute lifetimes, revoked on logout and password change,
 * rotated every `rotateMs` through the `id` response header with a grace window for requests already in flight.
 */
export function createSessionService(deps: { db: Database; config: Config['session']; bus: InvalidationBus }) {
  const cache = new LRUCache<string, CachedSession>({ max: 10_000, ttl: CACHE_TTL_MS });
  deps.bus.subscribe((message) => {
    if (message.kind === 'session') cache.delete(message.tokenHash);
    if (message.kind === 'member')
      for (const [tokenHash, entry] of cache.entries())
        if (entry.memberId.toString() === message.memberId) cache.delete(tokenHash);
  });

  /**
   * A new session and its id (the sign-in history and step-ups are kept per session, not per token). `db` is the
   * transaction that commits the session: the member's status is read again in it, under the row lock an operator's
   * lock takes, so a sign-in checked just before a lock commits cannot open a session the lock's revocation missed.
   */
  async function open(
    db: Transaction,
    memberId: bigint,
    client: { deviceNo: string; ip: string },
    options: { scope?: SessionScope; ttlMs?: number } = {},
  ): Promise<{ token: string; sessionId: bigint; expiresAt: Date }> {
    if ((await authRepository.lockMemberStatus(db, memberId)) !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const token = newToken();
    const expiresAt = new Date(Date.now() + (options.ttlMs ?? deps.config.absoluteMs));
    const sessionId = await authRepository.insertSession(db, {
      memberId,
      tokenHash: sha256(token),
      expiresAt,
      deviceNo: client.deviceNo.slice(0, 128),
      ip: client.ip,
      scope: options.scope ?? 'full',
    });
    return { token, sessionId, expiresAt };
  }

  return {
    async create(db: Transaction, memberId: bigint, client: { deviceNo: string; ip: string }): Promise<string> {
      return (await open(db, memberId, client)).token;
    },

    open,

    /**
     * The member a token belongs to when this process validated it within the last few seconds; undefined
     * otherwise. Never asks the database: the per-client read limit runs before any database work.
     */
    knownMember(token: string): bigint | undefined {
      if (!token || token.length > 128) return undefined;
      return cache.get(sha256(token))?.memberId;
    },

    /** As knownMember, with the session's scope: the realtime socket refuses a withdrawal-only session. */
    known(token: string): { memberId: bigint; scope: SessionScope } | undefined {
      if (!token || token.length > 128) return undefined;
      const entry = cache.get(sha256(token));
      return entry && { memberId: entry.memberId, scope: entry.scope };
    },

    /**
     * The session of a token. `rotate: false` never replaces the token: for a caller that cannot hand a new one
     * back (the realtime socket), whose rotation would strand the site on a token that stops working.
     */
    async authenticate(token: string, options: { rotate?: boolean } = {}): Promise<MemberSession | null> {
      if (!token || token.length > 128) return null;
      const tokenHash = sha256(token);
      const now = Date.now();
      let entry = cache.get(tokenHash);
      if (!entry) {
        const row = await authRepository.findLiveSession(deps.db, tokenHash, new Date(now - deps.config.idleMs));
        if (!row) return null;
        entry = {
          sessionId: row.id,
          memberId: row.memberId,
          scope: row.scope === 'withdraw' ? 'withdraw' : 'full',
          startedAt: row.createdAt,
          tokenIssuedAt: row.tokenIssuedAt.getTime(),
          lastSeenAt: row.lastSeenAt.getTime(),
          current: row.tokenHash === tokenHash,
        };
        cache.set(tokenHash, entry);
      }
      const session: MemberSession = {
        sessionId: entry.sessionId,
        memberId: entry.memberId,
        scope: entry.scope,
        startedAt: entry.startedAt,
      };

      // A withdrawal-only session lives 15 minutes and is never rotated: the page that holds it keeps one token.
      const rotates = options.rotate !== false && entry.scope === 'full';
      if (rotates && entry.current && now - entry.tokenIssuedAt > deps.config.rotateMs) {
        const fresh = newToken();
        const rotated = await authRepository.rotateSessionToken(
          deps.db,
          entry.sessionId,
          tokenHash,
          sha256(fresh),
          new Date(now + deps.config.graceMs),
        );
        cache.delete(tokenHash);
        if (rotated) {
          session.rotatedToken = fresh;
          return session;
        }
      } else if (now - entry.lastSeenAt > TOUCH_EVERY_MS) {
        entry.lastSeenAt = now;
        await authRepository.touchSession(deps.db, entry.sessionId);
      }
      return session;
    },

    async revoke(session: MemberSession): Promise<void> {
      await authRepository.revokeSession(deps.db, session.sessionId);
      // By member, not by token: the previous token of a just-rotated session may be cached too.
      await deps.bus.publish({ kind: 'member', memberId: session.memberId.toString() });
    },

    /** Ends every session of a member (password change, account disabled); call after the transaction commits. */
    async revokeAll(db: Executor, memberId: bigint): Promise<void> {
      await authRepository.revokeAllSessions(db, memberId);
    },

    async announceRevokedAll(memberId: bigint): Promise<void> {
      await deps.bus.publish({ kind: 'member', memberId: memberId.toString() });
    },
  };
}
