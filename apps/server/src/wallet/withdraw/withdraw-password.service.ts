import { WITHDRAW_PASSWORD_PATTERN } from '@jinb/contract';
import { LRUCache } from 'lru-cache';
import { hashPassword, verifyPassword } from '../../auth/password-hash';
import type { PasswordCipher } from '../../auth/rsa-keys';
import { phoneTarget, type VerificationService } from '../../auth/verification.service';
import type { Database } from '../../db/database';
import { memberRepository } from '../../member/member.repository';
import { AppError } from '../../shared/app-error';
import type { InvalidationBus } from '../../shared/invalidation-bus';
import type { LimitRule, Limits } from '../../shared/limits';
import { sha256 } from '../../shared/tokens';
import type { WalletRulesCache } from '../wallet-settings';

export const MAX_WITHDRAW_PASSWORD_FAILURES = 5;
/** Attempts per member, counted before the hash is checked; the right password clears them. */
const ATTEMPTS: LimitRule = { name: 'withdraw-password', points: MAX_WITHDRAW_PASSWORD_FAILURES, durationS: 15 * 60 };

export type WithdrawPasswordService = ReturnType<typeof createWithdrawPasswordService>;

/**
 * The 6-digit password that guards money leaving: withdrawals and binding withdrawal accounts.
 * It arrives RSA-encrypted like the login password (a bare 6-digit value is accepted from API clients too).
 */
export function createWithdrawPasswordService(deps: {
  db: Database;
  rules: WalletRulesCache;
  cipher: PasswordCipher;
  limits: Limits;
  verification: VerificationService;
  bus: InvalidationBus;
}) {
  // argon2 is deliberately slow. A right password is remembered for a few minutes (keyed by the stored hash, so a
  // change forgets it) and concurrent checks of the same password share one computation. Wrong guesses never are.
  const verified = new LRUCache<string, true>({ max: 10_000, ttl: 5 * 60_000 });
  const inFlight = new Map<string, Promise<boolean>>();
  // The stored hash, for the withdrawal path only: wallet_withdraw compares it with the member row under the lock,
  // so a hash changed since it was cached refuses the call (and the caller reads it again) instead of passing.
  const hashes = new LRUCache<string, string>({ max: 50_000, ttl: 60_000 });
  deps.bus.subscribe((message) => {
    if (message.kind === 'member') hashes.delete(message.memberId);
  });

  /**
   * Whether `plain` is the member's withdraw password. Each distinct guess is counted atomically before argon2 runs,
   * so parallel wrong guesses never get more than the limit evaluated; the same guess already being checked joins
   * that check instead of counting again (a double tap, or fifty parallel withdrawals, is one guess). While the
   * member is locked nothing is accepted, the right password included.
   */
  async function checkPassword(memberId: bigint, hash: string, plain: string): Promise<boolean> {
    const key = sha256(`${hash}|${plain}`);
    const who = String(memberId);
    if (verified.get(key)) {
      if ((await deps.limits.used(ATTEMPTS, who)) >= ATTEMPTS.points) throw new AppError('WITHDRAW_PASSWORD_LOCKED');
      return true;
    }
    let check = inFlight.get(key);
    if (!check) {
      // Registered before the first await, so every concurrent twin finds it.
      check = (async () => {
        await deps.limits.consume(ATTEMPTS, who, 'WITHDRAW_PASSWORD_LOCKED');
        return verifyPassword(hash, plain);
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, check);
    }
    const ok = await check;
    if (ok) {
      verified.set(key, true);
      await deps.limits.reset(ATTEMPTS, who);
    }
    return ok;
  }

  async function checkAgainst(memberId: bigint, hash: string, value: string): Promise<void> {
    if (!hash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
    const plain = WITHDRAW_PASSWORD_PATTERN.test(value) ? value : deps.cipher.decrypt(value);
    // An undecryptable value is a wrong guess like any other: it counts.
    if (!(await checkPassword(memberId, hash, plain ?? ''))) throw new AppError('WITHDRAW_PASSWORD_WRONG');
  }

  function readPassword(value: string): string {
    const plain = WITHDRAW_PASSWORD_PATTERN.test(value) ? value : deps.cipher.decrypt(value);
    if (plain === null || !WITHDRAW_PASSWORD_PATTERN.test(plain)) throw new AppError('WITHDRAW_PASSWORD_FORMAT');
    return plain;
  }

  return {
    readPassword,

    /** First set needs nothing more than a session; changing it needs the old one or an SMS code to the bound phone. */
    async set(memberId: bigint, body: { password: string; oldPassword?: string; smsCode?: string }): Promise<void> {
      const member = await memberRepository.findById(deps.db, memberId);
      if (!member) throw new AppError('SESSION_EXPIRED');
      const plain = readPassword(body.password);
      if (member.withdrawPasswordHash) {
        if (body.oldPassword) {
          // The operator's switch only decides whether money movements ask for the password; proving you know the old
          // one before replacing it is never switched off.
          await this.check(memberId, body.oldPassword);
        } else if (body.smsCode && member.phone) {
          const receipt = await deps.verification.check(
            'sms',
            'withdraw',
            phoneTarget(member.phoneArea, member.phone),
            body.smsCode,
          );
          await deps.verification.redeem(deps.db, receipt);
        } else {
          throw new AppError('WITHDRAW_PASSWORD_SET');
        }
      }
      await memberRepository.setWithdrawPassword(deps.db, memberId, await hashPassword(plain));
      await deps.bus.publish({ kind: 'member', memberId: memberId.toString() });
    },

    /**
     * Throws unless the password is right; 5 wrong tries lock it for 15 minutes. When the operator has switched the
     * feature off (setting withdrawPasswordEnabled), money moves on the session alone.
     */
    async verify(memberId: bigint, value: string): Promise<void> {
      if (!(await deps.rules.get()).withdrawPasswordEnabled) return;
      await this.check(memberId, value);
    },

    /** Throws unless the password is right, whatever the operator's switch says; wrong tries count toward the lock. */
    async check(memberId: bigint, value: string): Promise<void> {
      const member = await memberRepository.findById(deps.db, memberId);
      await checkAgainst(memberId, member?.withdrawPasswordHash ?? '', value);
    },

    /**
     * verify() for a call that re-checks the hash in its own statement (wallet_withdraw): the hash may come from a
     * short-lived cache, and is returned for that check; null when the operator's switch is off. `fresh` skips the
     * cache (after the statement said the hash changed).
     */
    async verifiedHash(memberId: bigint, value: string, fresh = false): Promise<string | null> {
      if (!(await deps.rules.get()).withdrawPasswordEnabled) return null;
      const key = memberId.toString();
      const read = async () => {
        const stored = (await memberRepository.findById(deps.db, memberId))?.withdrawPasswordHash ?? '';
        if (stored) hashes.set(key, stored);
        return stored;
      };
      const cached = fresh ? undefined : hashes.get(key);
      const hash = cached ?? (await read());
      try {
        await checkAgainst(memberId, hash, value);
        return hash;
      } catch (error) {
        // A new password checked against a hash cached before the change (a missed invalidation) is not a wrong one.
        if (cached === undefined || !(error instanceof AppError) || error.code !== 'WITHDRAW_PASSWORD_WRONG')
          throw error;
        const stored = await read();
        if (stored === cached) throw error;
        await checkAgainst(memberId, stored, value);
        return stored;
      }
    },
  };
}
