import { afterEach, describe, expect, test, vi } from 'vitest';
import { deviceId } from '../shared/session/storage';
import { firstScreenScript } from './early-home';

/** Runs index.html's early script on the home path and returns the headers of the request it started. */
function runOnHome(): Record<string, string> {
  history.replaceState(null, '', '/app/home');
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  new Function(firstScreenScript('zh-CN'))();
  const init = (fetch.mock.calls[0] as unknown as [string, RequestInit] | undefined)?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  history.replaceState(null, '', '/');
});

describe('the early home request', () => {
  test('makes a device id in the site format and keeps it for the app', () => {
    const headers = runOnHome();
    expect(headers.device_no).toMatch(/^h5-(ios|android)[a-z0-9]{24}$/);
    expect(localStorage.getItem('device_no')).toBe(headers.device_no);
    expect(deviceId()).toBe(headers.device_no);
  });

  test('sends the id the app already made', () => {
    const id = deviceId();
    expect(runOnHome().device_no).toBe(id);
  });
});

describe('the login frame', () => {
  function runOnLogin(): ReturnType<typeof vi.fn> {
    history.replaceState(null, '', '/login?redirect=%2Ffinance%2Fdeposit');
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    new Function(firstScreenScript('zh-CN'))();
    return fetch;
  }

  test('shows for a visitor without a session, and asks the server for nothing', () => {
    const fetch = runOnLogin();
    expect(document.documentElement.classList.contains('shell-login')).toBe(true);
    expect(document.documentElement.classList.contains('shell-home')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('stays hidden for a signed-in member, whom the page sends on at once', () => {
    sessionStorage.setItem('t', 'a-session');
    runOnLogin();
    expect(document.documentElement.classList.contains('shell-login')).toBe(false);
  });
});
