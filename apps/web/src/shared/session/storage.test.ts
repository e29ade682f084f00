import { afterEach, describe, expect, test, vi } from 'vitest';
import { adoptUrlParams, deviceId, readSession, SESSION_KEYS } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('device id', () => {
  test('is "h5-", the platform and two random parts, kept in local storage', () => {
    const id = deviceId();
    expect(id).toMatch(/^h5-(ios|android)[a-z0-9]{24}$/);
    expect(localStorage.getItem('device_no')).toBe(id);
    expect(deviceId()).toBe(id);
  });

  test('says ios on an iPhone and android elsewhere', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    expect(deviceId()).toMatch(/^h5-ios[a-z0-9]{24}$/);
    localStorage.clear();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    expect(deviceId()).toMatch(/^h5-android[a-z0-9]{24}$/);
  });

  test('two devices get different ids', () => {
    const first = deviceId();
    localStorage.clear();
    expect(deviceId()).not.toBe(first);
  });

  test('a stored value that is not a device id is replaced', () => {
    localStorage.setItem('device_no', 'garbage');
    expect(deviceId()).toMatch(/^h5-/);
  });
});

describe('adoptUrlParams', () => {
  test('keeps token as the session token, i_code as the invite id and app as the webview flag', () => {
    adoptUrlParams('?token=abc123&i_code=INV9&app=ios&other=1');
    expect(readSession(SESSION_KEYS.token)).toBe('abc123');
    expect(readSession(SESSION_KEYS.aid)).toBe('INV9');
    expect(readSession(SESSION_KEYS.app)).toBe('ios');
  });

  test('leaves what is already stored alone when the URL does not carry it', () => {
    sessionStorage.setItem('t', 'kept');
    sessionStorage.setItem('aid', 'KEPT');
    adoptUrlParams('?utm=1');
    expect(readSession(SESSION_KEYS.token)).toBe('kept');
    expect(readSession(SESSION_KEYS.aid)).toBe('KEPT');
    expect(readSession(SESSION_KEYS.app)).toBe('');
  });
});
