import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { authRepository } from './auth.repository';

const require = createRequire(import.meta.url);
// svg-captcha is CommonJS; its own random text uses Math.random, so we only use it to draw our text.
const renderCaptcha = require('svg-captcha') as (text: string, options: Record<string, unknown>) => string;

const CAPTCHA_TTL_MS = 5 * 60_000;
const ALPHABET = 'abcdefhjkmnprstuvwxyz2345678';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Graphic captchas, bound to the client that fetched them (its device id, or its IP when it sends none).
 * Any attempt consumes the captcha, right or wrong, so one image buys exactly one guess.
 */
export function createCaptchaService(db: Database, options: { fixedAnswer?: string }) {
  return {
    async issue(clientKey: string): Promise<string> {
      let text = options.fixedAnswer ?? '';
      if (!text) for (let index = 0; index < 4; index++) text += ALPHABET[randomInt(ALPHABET.length)];
      await authRepository.saveCaptcha(db, clientKey, text.toLowerCase(), new Date(Date.now() + CAPTCHA_TTL_MS));
      return renderCaptcha(text, {
        width: 120,
        height: 44,
        fontSize: 46,
        noise: 2,
        color: true,
        background: '#f6f1e4',
      });
    },

    /** Throws CAPTCHA_WRONG unless `answer` matches the captcha this client was shown, which is then gone. */
    async verify(clientKey: string, answer: string): Promise<void> {
      const expected = await authRepository.takeCaptcha(db, clientKey);
      if (!expected || expected !== answer.trim().toLowerCase()) throw new AppError('CAPTCHA_WRONG');
    },
  };
}
