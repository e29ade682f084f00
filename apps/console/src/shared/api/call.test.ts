import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorToken } from '../session/session';
import { ConsoleApiError, call, fillPath, setSessionExpiredHandler } from './call';

type Sent = { url: URL; init: RequestInit };

function answer(body: unknown, status = 200) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init: RequestInit) => {
      sent.push({ url: new URL(String(url)), init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('call', () => {
  beforeEach(() => operatorToken.set('tok-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    operatorToken.clear();
    setSessionExpiredHandler(() => {});
  });

  it("sends the operator's token, zh-CN and the device id, and answers the data", async () => {
    const sent = answer({ status: true, data: { ended: 1 } });
    await expect(call('adminLogout')).resolves.toEqual({ ended: 1 });
    expect(sent[0]?.url.pathname).toBe('/api/admin/v1/logout');
    expect(sent[0]?.init.method).toBe('POST');
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-1');
    expect(headers.lang).toBe('zh-CN');
    expect(headers.device_no).toMatch(/^pc-/);
  });

  it('sends the body as JSON', async () => {
    const sent = answer({ status: true, data: { token: 't2', operator: { id: '1', account: 'a', role: 'admin' } } });
    await call('adminLogin', { body: { account: 'a', password: 'p', code: '1234' } });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ account: 'a', password: 'p', code: '1234' });
    expect((sent[0]?.init.headers as Record<string, string> | undefined)?.['content-type']).toBe('application/json');
  });

  it("throws the server's message and code on a refusal", async () => {
    answer({ status: false, data: '图形验证码错误，请重新输入', code: 'CAPTCHA_WRONG' }, 400);
    const error = await call('adminLogout').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ code: 'CAPTCHA_WRONG', message: '图形验证码错误，请重新输入', status: 400 });
  });

  it('refuses an answer that breaks the contract rather than handing it on', async () => {
    answer({ status: true, data: { ended: 'many' } });
    await expect(call('adminLogout')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('forgets the token and tells the console when the session has ended', async () => {
    answer({ status: false, data: 'token', code: 'SESSION_EXPIRED' }, 401);
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    await expect(call('adminLogout')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(operatorToken.get()).toBe('');
    expect(expired).toHaveBeenCalledOnce();
  });

  it('fills path parameters and refuses a missing one', () => {
    expect(fillPath('/api/admin/v1/members/:id/notes', { id: '42' })).toBe('/api/admin/v1/members/42/notes');
    expect(() => fillPath('/api/admin/v1/members/:id', {})).toThrow(/id/);
  });
});
