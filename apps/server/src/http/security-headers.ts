import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnalyticsConfig } from '@jinb/contract';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once at start. @fastify/helmet rebuilds the helmet middleware on every request, which
 * cost the read path a third of its throughput; the header values never change, so we compute them once.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** `'sha256-…'` for every inline <script> of the page (those without src), exactly as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The origins of every tracker the operator configured: the scripts listed per host and the beacon URLs. Anything
 * that is not an absolute http(s) URL names no other host (a relative script is our own) and is left out.
 */
export function analyticsHosts(config: AnalyticsConfig | null | undefined): string[] {
  const urls = [...(config?.list ?? []).map((entry) => entry.url), ...Object.values(config?.scriptsList ?? {}).flat()];
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {}
  }
  return [...origins].sort();
}

export type PolicySources = {
  scriptHashes: string[];
  analyticsHosts: string[];
  mediaHosts: string[];
  /** Origins the site may frame: the external game vendors' game pages (issue 22). */
  frameHosts?: string[];
};

export function contentSecurityPolicy({
  scriptHashes,
  analyticsHosts,
  mediaHosts,
  frameHosts = [],
}: PolicySources): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The inline scripts of index.html by hash: no 'unsafe-inline', so an injected script never runs.
    'script-src': ["'self'", ...scriptHashes, ...analyticsHosts],
    // antd-mobile positions and themes its components with inline style attributes, and index.html inlines the
    // first screen's CSS: styles cannot run code, so 'unsafe-inline' here costs little and blocks nothing we need.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Trackers report with pixels as often as with beacons, so their hosts are image sources too.
    'img-src': ["'self'", 'data:', 'blob:', ...mediaHosts, ...analyticsHosts],
    // sendBeacon and fetch of the trackers' beacon URLs.
    'connect-src': ["'self'", ...analyticsHosts],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // A vendor's game opens full screen in a frame of the site (/games/...): only the configured vendors' origins.
    'frame-src': ["'self'", ...frameHosts],
    // /home shows the mobile site in an iframe of its own origin; no other site may frame either.
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * The site's Content-Security-Policy. The inline scripts are hashed once from the built index.html, so the policy
 * always matches the page actually served; the analytics hosts come from the operator's analytics setting and are
 * re-read with it (it is cached for 30 s), so a tracker the operator adds is allowed without a restart.
 */
export function createSitePolicy(options: {
  indexHtml: string;
  mediaHosts: string[];
  frameHosts?: string[];
  analytics: () => Promise<AnalyticsConfig>;
  /** Issue 25: the operator's external customer-service link, which /iframeCustomerService frames. */
  supportLink?: () => Promise<string>;
}) {
  const scriptHashes = inlineScriptHashes(options.indexHtml);
  const build = (hosts: string[], supportOrigin: string[]) =>
    contentSecurityPolicy({
      scriptHashes,
      analyticsHosts: hosts,
      mediaHosts: options.mediaHosts,
      frameHosts: [...(options.frameHosts ?? []), ...supportOrigin],
    });
  let current = build([], []);
  let lastConfig: AnalyticsConfig | undefined;
  let lastSupport: string[] = [];
  return {
    /** The policy as of the last refresh: sent on every response, where it does no harm. */
    current: () => current,
    /** The policy with the analytics and support settings as they are now; a failed read keeps the last one. */
    async refresh(): Promise<string> {
      const [config, link] = await Promise.all([
        options.analytics().catch(() => lastConfig),
        (options.supportLink?.() ?? Promise.resolve('')).catch(() => null),
      ]);
      const support = link === null ? lastSupport : httpOrigin(link);
      if ((config && config !== lastConfig) || support.join() !== lastSupport.join()) {
        lastConfig = config ?? lastConfig;
        lastSupport = support;
        current = build(lastConfig ? analyticsHosts(lastConfig) : [], support);
      }
      return current;
    },
  };
}

/** An absolute http(s) link's origin, as a one-source list; anything else names no host. */
function httpOrigin(link: string): string[] {
  try {
    const parsed = new URL(link);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
