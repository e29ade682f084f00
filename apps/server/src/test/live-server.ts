/** Helpers for tests that talk to a real server process over HTTP (crash and fault tests). */
import { randomBytes } from 'node:crypto';

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
