import { api } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { at, ok, startMockApi } from '../testing/server';
import { beaconUrl, injectScripts, reportPageView, resetAnalyticsForTests, scriptsForHost } from './analytics';

const server = startMockApi();

const config = {
  list: [
    { url: 'https://stats.example/collect', platform_ck: 'ck 1' },
    { url: '', platform_ck: 'unused' },
    { url: 'https://other.example/p?site=2', platform_ck: 'ck2' },
  ],
  scriptsList: { 'm.example.com': ['https://cdn.example/a.js'], default: ['https://cdn.example/default.js'] },
};

beforeEach(() => {
  resetAnalyticsForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('page views', () => {
  test('posts path and referrer to our server and sends a beacon to each tracker that has a URL', async () => {
    const views: string[] = [];
    server.use(
      http.get(at(api.analyticsConfig), () => HttpResponse.json(ok(config))),
      http.post(at(api.pageView), async ({ request }) => {
        views.push(await request.text());
        return HttpResponse.json(ok(null));
      }),
    );
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });

    reportPageView('/activity/list?id=3', 'https://search.example/');

    await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(2));
    expect(sendBeacon).toHaveBeenCalledWith('https://stats.example/collect?ck=ck%201&p=%2Factivity%2Flist%3Fid%3D3');
    expect(sendBeacon).toHaveBeenCalledWith('https://other.example/p?site=2&ck=ck2&p=%2Factivity%2Flist%3Fid%3D3');
    await vi.waitFor(() =>
      expect(views).toEqual([
        `path=${encodeURIComponent('/activity/list?id=3')}&referrer=${encodeURIComponent('https://search.example/')}`,
      ]),
    );
  });

  test('a failing config or page-view call is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(at(api.analyticsConfig), () => HttpResponse.error()),
      http.post(at(api.pageView), () => HttpResponse.error()),
    );
    reportPageView('/find', '');
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
  });
});

describe('tracker scripts', () => {
  test('the host has its own list, otherwise the default list applies', () => {
    expect(scriptsForHost(config, 'm.example.com')).toEqual(['https://cdn.example/a.js']);
    expect(scriptsForHost(config, 'localhost:5200')).toEqual(['https://cdn.example/default.js']);
    expect(scriptsForHost({ list: [], scriptsList: {} }, 'x')).toEqual([]);
  });

  test('each script is added once, async', () => {
    injectScripts(['https://cdn.example/a.js', '']);
    injectScripts(['https://cdn.example/a.js']);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe('https://cdn.example/a.js');
    expect(scripts[0]!.async).toBe(true);
  });

  test('beacon URLs encode the code and the path', () => {
    expect(beaconUrl({ url: 'https://s.example/c', platform_ck: 'a&b' }, '/x y')).toBe(
      'https://s.example/c?ck=a%26b&p=%2Fx%20y',
    );
  });
});
