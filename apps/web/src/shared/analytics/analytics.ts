import type { AnalyticsConfig } from '@jinb/contract';
import { get, post } from '../api/client';

let configPromise: Promise<AnalyticsConfig | null> | null = null;
const injected = new Set<string>();

/** The analytics config, fetched once per page life; a failure only costs the third-party beacons. */
export function loadAnalyticsConfig(): Promise<AnalyticsConfig | null> {
  configPromise ??= get('analyticsConfig').catch((error: unknown) => {
    console.error('analytics config failed', error);
    return null;
  });
  return configPromise;
}

/** Scripts listed for this host, or the `default` list when the host has none of its own. */
export function scriptsForHost(config: AnalyticsConfig, host: string): string[] {
  return config.scriptsList[host] ?? config.scriptsList.default ?? [];
}

export function injectScripts(urls: string[]): void {
  for (const url of urls) {
    if (!url || injected.has(url)) continue;
    injected.add(url);
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    document.head.appendChild(script);
  }
}

export function beaconUrl(entry: { url: string; platform_ck: string }, path: string): string {
  const separator = entry.url.includes('?') ? '&' : '?';
  return `${entry.url}${separator}ck=${encodeURIComponent(entry.platform_ck)}&p=${encodeURIComponent(path)}`;
}

function sendBeacon(url: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
    void fetch(url, { mode: 'no-cors', keepalive: true }).catch(() => {});
  } catch (error) {
    console.error('analytics beacon failed', error);
  }
}

/**
 * One page view: our own server always hears about it (fire-and-forget), and each configured tracker with a URL
 * gets a beacon once the config has arrived.
 */
export function reportPageView(path: string, referrer: string): void {
  post('pageView', { body: { path, referrer } }).catch((error: unknown) => {
    console.error('page view report failed', error);
  });
  void loadAnalyticsConfig().then((config) => {
    for (const entry of config?.list ?? []) if (entry.url) sendBeacon(beaconUrl(entry, path));
  });
}

function afterFirstPaint(run: () => void): void {
  const idle = (window as Window & { requestIdleCallback?: (callback: () => void) => number }).requestIdleCallback;
  const later = () => (idle ? idle(run) : setTimeout(run, 200));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Fetches the config now and adds the host's tracker scripts once the page has painted, so they never delay it. */
export function startAnalytics(host: string = location.host): void {
  const config = loadAnalyticsConfig();
  afterFirstPaint(() => {
    void config.then((loaded) => {
      if (loaded) injectScripts(scriptsForHost(loaded, host));
    });
  });
}

/** Tests start each case from a fresh page life. */
export function resetAnalyticsForTests(): void {
  configPromise = null;
  injected.clear();
}
