import { afterEach, expect, test } from 'vitest';
import { useSession } from '../shared/session/session-store';
import { readSession, SESSION_KEYS } from '../shared/session/storage';
import { adoptStartUrl } from './start-url';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  useSession.getState().logout();
});

test('When the start URL carries a token, then the member is signed in and the token leaves the address bar', () => {
  window.history.replaceState(null, '', '/app/home?token=secret&i_code=INV1#top');
  adoptStartUrl();
  expect(useSession.getState().token).toBe('secret');
  expect(readSession(SESSION_KEYS.token)).toBe('secret');
  expect(readSession(SESSION_KEYS.aid)).toBe('INV1');
  expect(`${location.pathname}${location.search}${location.hash}`).toBe('/app/home?i_code=INV1#top');
});

test('When there is no token in the URL, then the address and the session are left alone', () => {
  window.history.replaceState(null, '', '/find?app=ios');
  adoptStartUrl();
  expect(useSession.getState().token).toBe('');
  expect(readSession(SESSION_KEYS.app)).toBe('ios');
  expect(`${location.pathname}${location.search}`).toBe('/find?app=ios');
});
