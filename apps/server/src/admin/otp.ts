import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { OperatorRole } from '@jinb/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import { sha256 } from '../shared/tokens';

/**
 * The operators' TOTP second factor (RFC 6238, 30-second steps, six digits: every authenticator app): secrets sealed
 * with AES-256-GCM under a key derived from the server's secret (APP_SECRET), so a database copy alone does not give
 * them away; recovery codes kept as hashes only.
 */

/** The roles that must have a second factor when OPERATOR_OTP=required. */
export const OTP_ROLES: readonly OperatorRole[] = ['admin', 'finance'];
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'jinb';

export function otpRequiredFor(mode: 'required' | 'optional', role: OperatorRole): boolean {
  return mode === 'required' && OTP_ROLES.includes(role);
}

export function createOtpSealer(appSecret: string) {
  const key = createHash('sha256').update(`${appSecret}:operator-otp`).digest();
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed OTP secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type OtpSealer = ReturnType<typeof createOtpSealer>;

export function newOtpSecret(account: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: ISSUER, label: account, secret }) };
}

/**
 * Checks a six-digit code against the secret, one step either side for clock drift; a step at or before `lastStep` is
 * refused (a code is good once). Answers the step it matched, or null.
 */
export async function verifyTotp(secret: string, code: string, lastStep: bigint | null): Promise<bigint | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: Number(lastStep) }),
  });
  if (!result.valid) return null;
  return 'timeStep' in result && typeof result.timeStep === 'number' ? BigInt(result.timeStep) : 0n;
}

/** Ten codes like `k7fq-2mxa`: lower-case letters and digits without look-alikes, shown once. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** How a recovery code is stored and looked up: case and the dash do not matter. */
export function recoveryCodeHash(code: string): string {
  return sha256(
    `operator-recovery:${code
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`,
  );
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
}
