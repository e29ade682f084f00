import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { api, CLIENT_D, HEADER } from '@jinb/contract';
import { DEMO_CAPTCHA } from './server-process';

/** What the site's browser does: RSA-OAEP with SHA-256 over the public key the server serves. */
export function encryptPassword(publicKeyBase64: string, plain: string): string {
  const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
}

export function newDevice(): string {
  return `h5-bench${randomBytes(6).toString('hex')}`;
}

/** The headers every call of the site carries (spec section 7). */
export function siteHeaders(device: string, extra: Record<string, string> = {}): Record<string, string> {
  return { [HEADER.d]: CLIENT_D, [HEADER.lang]: 'zh-CN', [HEADER.deviceNo]: device, ...extra };
}

export async function fetchPublicKey(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${api.publicKey}`);
  const body = (await response.json()) as { status: boolean; data: { key: string } };
  if (!response.ok || !body.status) throw new Error(`publicKey: HTTP ${response.status}`);
  return body.data.key;
}

/** The captcha is bound to the device that fetched it; DEMO_CAPTCHA fixes its answer. */
export async function issueCaptcha(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(`${baseUrl}${api.captcha}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`captcha: HTTP ${response.status}`);
}

export type LoginOutcome = { ok: true; token: string } | { ok: false; status: number; body: string };

/** POST login/mpe exactly as the login page sends it: a form body with the RSA-encrypted password. */
export async function postLogin(
  baseUrl: string,
  headers: Record<string, string>,
  account: string,
  encryptedPassword: string,
): Promise<LoginOutcome> {
  const response = await fetch(`${baseUrl}${api.login}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: encryptedPassword, code: DEMO_CAPTCHA }).toString(),
  });
  const text = await response.text();
  if (response.ok) {
    const body = JSON.parse(text) as { status: boolean; data: { token?: string } };
    if (body.status && body.data.token) return { ok: true, token: body.data.token };
  }
  return { ok: false, status: response.status, body: text.slice(0, 300) };
}

/** The whole sign-in of the login page: public key, captcha for this device, then login. Returns the token. */
export async function signIn(
  baseUrl: string,
  account: string,
  password: string,
  device = newDevice(),
): Promise<string> {
  const headers = siteHeaders(device);
  const key = await fetchPublicKey(baseUrl);
  await issueCaptcha(baseUrl, headers);
  const outcome = await postLogin(baseUrl, headers, account, encryptPassword(key, password));
  if (!outcome.ok) throw new Error(`login failed: HTTP ${outcome.status} ${outcome.body}`);
  return outcome.token;
}
