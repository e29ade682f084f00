import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { authRepository } from './auth.repository';
import { cryptoRandom, renderCaptchaPng } from './captcha-image';

const CAPTCHA_TTL_MS = 5 * 60_000;
const ALPHABET = 'abcdefhjkmnprstuvwxyz2345678';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Graphic captchas, bound to the client that fetched them (its device id, or its IP when it sends none).
 * Any attempt consumes the captcha, right or wrong, so one image buys exactly one guess.
 */
export function createCaptchaService(db: Database, options: { fixedAnswer?: string }) {
  return {
    /** Stores a new answer for this client and returns its picture, a PNG. */
    async issue(clientKey: string): Promise<Buffer> {
      let text = options.fixedAnswer ?? '';
      if (!text) for (let index = 0; index < 4; index++) text += ALPHABET[randomInt(ALPHABET.length)];
      await authRepository.saveCaptcha(db, clientKey, text.toLowerCase(), new Date(Date.now() + CAPTCHA_TTL_MS));
      return renderCaptchaPng(text, cryptoRandom());
    },

    /** Throws CAPTCHA_WRONG unless `answer` matches the captcha this client was shown, which is then gone. */
    async verify(clientKey: string, answer: string): Promise<void> {
      const expected = await authRepository.takeCaptcha(db, clientKey);
      if (!expected || expected !== answer.trim().toLowerCase()) throw new AppError('CAPTCHA_WRONG');
    },
  };
}
