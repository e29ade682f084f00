/** Helpers for tests that talk to a real server process over HTTP (crash and fault tests). */
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';

export async function data<T>(response: Response | Promise<Response>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

export const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

/** The fixed captcha answer the test servers run with (DEMO_CAPTCHA). */
export const TEST_CAPTCHA = '1234';

/** Operator sign-in as the console does it: fetch a captcha for this device, then sign in with its answer. */
export async function operatorSignIn(
  base: string,
  account: string,
  password: string,
  device = `console-${account}-${randomBytes(4).toString('hex')}`,
): Promise<Response> {
  await fetch(`${base}/api/findmed/v1/member/captcha`, { headers: { device_no: device } });
  return fetch(`${base}/api/admin/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', device_no: device, lang: 'zh-CN' },
    body: form({ account, password, code: TEST_CAPTCHA }),
  });
}

/** Member sign-in as the site does it: the password RSA-encrypted with the server's key, a captcha for this device. */
export async function memberSignIn(base: string, account: string, password: string, device: string): Promise<Response> {
  const key = createPublicKey({
    key: Buffer.from((await data<{ key: string }>(fetch(`${base}/api/f/v1/member/publicKey`))).key, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  await fetch(`${base}/api/findmed/v1/member/captcha`, { headers: { device_no: device } });
  return fetch(`${base}/api/f/v1/member/login/mpe`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', device_no: device },
    body: form({ account, password: cipher, code: TEST_CAPTCHA }),
  });
}
