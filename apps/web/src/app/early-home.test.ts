import { afterEach, describe, expect, test, vi } from 'vitest';
import { deviceId } from '../shared/session/storage';
import { earlyHomeScript } from './early-home';

/** Runs index.html's early script on the home path and returns the headers of the request it started. */
function runOnHome(): Record<string, string> {
  history.replaceState(null, '', '/app/home');
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetch);
  new Function(earlyHomeScript('zh-CN'))();
  const init = (fetch.mock.calls[0] as unknown as [string, RequestInit] | undefined)?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
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
