import { afterEach, expect, test, vi } from 'vitest';
import { useSession } from '../shared/session/session-store';
import { readSession, SESSION_KEYS } from '../shared/session/storage';
import { adoptStartUrl } from './start-url';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  useSession.getState().logout();
});

const addressBar = () => `${location.pathname}${location.search}${location.hash}`;

test('When the start URL carries a token and nobody is signed in, then the member is signed in silently and the token leaves the address bar', async () => {
  window.history.replaceState(null, '', '/app/home?token=secret&i_code=INV1#top');
  const confirmSwitch = vi.fn(async () => true);
  await adoptStartUrl({ confirmSwitch });
  expect(confirmSwitch).not.toHaveBeenCalled();
  expect(useSession.getState().token).toBe('secret');
  expect(readSession(SESSION_KEYS.token)).toBe('secret');
  expect(readSession(SESSION_KEYS.aid)).toBe('INV1');
  expect(addressBar()).toBe('/app/home?i_code=INV1#top');
});

test('When there is no token in the URL, then the address and the session are left alone', async () => {
  window.history.replaceState(null, '', '/find?app=ios');
  await adoptStartUrl();
  expect(useSession.getState().token).toBe('');
  expect(readSession(SESSION_KEYS.app)).toBe('ios');
  expect(`${location.pathname}${location.search}`).toBe('/find?app=ios');
});

test('When the link carries the token already in use, then nothing is asked', async () => {
  useSession.getState().setToken('mine');
  window.history.replaceState(null, '', '/app/home?token=mine');
  const confirmSwitch = vi.fn(async () => true);
  await adoptStartUrl({ confirmSwitch });
  expect(confirmSwitch).not.toHaveBeenCalled();
  expect(useSession.getState().token).toBe('mine');
  expect(addressBar()).toBe('/app/home');
});

test('When a link carries another account while a member is signed in and they keep theirs, then their session stays', async () => {
  useSession.getState().setToken('mine');
  window.history.replaceState(null, '', '/app/home?token=theirs');
  const reload = vi.fn();
  const pending = adoptStartUrl({ confirmSwitch: async () => false, reload });
  // Gone from the address bar before the member even answers: nothing else on the page can read it.
  expect(addressBar()).toBe('/app/home');
  expect(readSession(SESSION_KEYS.token)).toBe('mine');
  await pending;
  expect(useSession.getState().token).toBe('mine');
  expect(readSession(SESSION_KEYS.token)).toBe('mine');
  expect(reload).not.toHaveBeenCalled();
});

test('When a link carries another account and the member agrees to switch, then the new session replaces the old one', async () => {
  useSession.getState().setToken('mine');
  window.history.replaceState(null, '', '/app/home?token=theirs');
  const reload = vi.fn();
  await adoptStartUrl({ confirmSwitch: async () => true, reload });
  expect(useSession.getState().token).toBe('theirs');
  expect(readSession(SESSION_KEYS.token)).toBe('theirs');
  expect(reload).toHaveBeenCalledOnce();
});

test('The switch question is asked in the site language with both choices', async () => {
  useSession.getState().setToken('mine');
  window.history.replaceState(null, '', '/app/home?token=theirs');
  const pending = adoptStartUrl({ reload: vi.fn() });
  expect(await screenText()).toContain('是否切换到此链接中的账号');
  expect(document.body.textContent).toContain('保持当前账号');
  const keep = [...document.querySelectorAll('button')].find((button) => button.textContent === '保持当前账号');
  keep?.click();
  await pending;
  expect(useSession.getState().token).toBe('mine');
});

async function screenText(): Promise<string> {
  for (let tries = 0; tries < 400 && !document.body.textContent?.includes('切换'); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return document.body.textContent ?? '';
}
