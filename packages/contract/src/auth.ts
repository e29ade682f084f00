import { z } from 'zod';
import { EMAIL_PATTERN } from './account-formats';

/** 4-11 digits and letters (spec section 5). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9]{4,11}$/;
/** 6-20 characters with at least one letter and one digit; checked on the plaintext, on both sides. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** `unbind` is sent to the phone already bound, to prove it before the phone is changed. */
export const SMS_TYPES = ['register', 'forget', 'bind', 'withdraw', 'unbind'] as const;
export type SmsType = (typeof SMS_TYPES)[number];

const required = (code: string) => z.string({ error: code }).trim().min(1, { error: code });

/** Field schemas shared by the site's forms and the server's routes; their messages are error codes. */
export const fields = {
  account: required('REQUIRED_ACCOUNT').regex(ACCOUNT_PATTERN, { error: 'ACCOUNT_FORMAT' }),
  /** A password as typed, before encryption (used by the site and by the server after decrypting). */
  plainPassword: z.string({ error: 'REQUIRED_PASSWORD' }).regex(PASSWORD_PATTERN, { error: 'PASSWORD_FORMAT' }),
  /** The RSA-OAEP ciphertext on the wire: base64 of a 2048-bit block. */
  cipher: required('REQUIRED_PASSWORD').max(1024, { error: 'BAD_REQUEST' }),
  captcha: required('REQUIRED_CAPTCHA').max(12, { error: 'CAPTCHA_WRONG' }),
  area: required('AREA_UNKNOWN').regex(/^\d{1,4}$/, { error: 'AREA_UNKNOWN' }),
  phone: required('REQUIRED_PHONE').regex(/^\d{5,15}$/, { error: 'PHONE_FORMAT' }),
  smsCode: required('REQUIRED_SMS_CODE').regex(SMS_CODE_PATTERN, { error: 'CODE_WRONG' }),
  email: required('REQUIRED_EMAIL').max(254, { error: 'EMAIL_FORMAT' }).regex(EMAIL_PATTERN, { error: 'EMAIL_FORMAT' }),
  emailCode: required('REQUIRED_EMAIL_CODE').regex(SMS_CODE_PATTERN, { error: 'CODE_WRONG' }),
  inviteCode: z.string().trim().max(32, { error: 'INVITE_CODE_UNKNOWN' }).optional(),
};

export const loginBody = z.object({ account: fields.account, password: fields.cipher, code: fields.captcha });
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  account: fields.account,
  password: fields.cipher,
  code: fields.captcha,
  area: fields.area,
  phone: fields.phone,
  smsCode: fields.smsCode,
  i_code: fields.inviteCode,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const smsBody = z.object({
  phone: fields.phone,
  area: fields.area,
  type: z.enum(SMS_TYPES, { error: 'BAD_REQUEST' }),
  code: fields.captcha,
});
export type SmsBody = z.infer<typeof smsBody>;

export const smsSent = z.object({
  cooldown: z.number().int().describe('seconds before another code may be requested'),
});

export const forgetPasswordBody = z.object({
  account: fields.account,
  area: fields.area,
  phone: fields.phone,
  smsCode: fields.smsCode,
  password: fields.cipher,
});

export const updatePasswordBody = z.object({ oldPassword: fields.cipher, password: fields.cipher });

export const phoneArea = z.object({
  area: z.string().describe('calling code without +'),
  name: z.string(),
  /** A regular expression the national number must match. */
  pattern: z.string(),
});
export type PhoneArea = z.infer<typeof phoneArea>;

export const publicKey = z.object({ key: z.string().describe('RSA public key, base64 SPKI DER') });

/** What a call that only does something answers once it is done. */
export const ack = z.boolean();

/** A password change ends every session; this one goes on with the new token. */
export const freshToken = z.object({ token: z.string() });
