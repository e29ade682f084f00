import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { analyticsHosts, contentSecurityPolicy, inlineScriptHashes } from './security-headers';

/** sha256 of `window.early=1`, worked out once outside this code. */
const EARLY_HASH = "'sha256-iFJnLwvSkMEnNeakJdliyh2D/DBRoRkBdV8/yeYAoaw='";

const INDEX_HTML = `<!doctype html><html><head><script>window.early=1</script>
<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

function directive(policy: string, name: string): string {
  return (
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ''
  );
}

describe('the Content-Security-Policy parts', () => {
  it('hashes inline scripts only, exactly as the browser does', () => {
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([EARLY_HASH]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it("takes the trackers' origins from the analytics setting and ignores what names no other host", () => {
    const hosts = analyticsHosts({
      list: [
        { url: 'https://stats.example/collect?x=1', platform_ck: 'a' },
        { url: '', platform_ck: 'b' },
      ],
      scriptsList: {
        default: ['https://cdn.example/a.js', '/own.js', 'javascript:alert(1)'],
        'm.example.com': ['https://cdn.example/b.js'],
      },
    });
    expect(hosts).toEqual(['https://cdn.example', 'https://stats.example']);
  });

  it('never lets an inline script run by default', () => {
    const policy = contentSecurityPolicy({ scriptHashes: [EARLY_HASH], analyticsHosts: [], mediaHosts: [] });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${EARLY_HASH}`);
    expect(directive(policy, 'object-src')).toContain("'none'");
    expect(directive(policy, 'base-uri')).toContain("'self'");
  });
});

describe.each(testDatabases)('the Content-Security-Policy header on %s', (kind) => {
  let sut: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'jinb-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    sut = await createTestApp(kind, { env: { WEB_DIST: webDist, MEDIA_HOSTS: 'https://img.example.net' } });
    // What an operator configures: one tracker script and one beacon endpoint.
    await sut.container.db
      .update(settings)
      .set({
        value: {
          list: [{ url: 'https://beacon.example.org/hit', platform_ck: 'ck' }],
          scriptsList: { default: ['https://tracker.example.com/t.js'] },
        },
      })
      .where(eq(settings.key, 'analytics'));
    // An external customer-service desk (issue 25), which /iframeCustomerService frames.
    await sut.container.db
      .insert(settings)
      .values({ key: 'support', value: { customerService: 'https://chat.example.com/room?x=1', whatsApp: '' } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { customerService: 'https://chat.example.com/room?x=1', whatsApp: '' } },
      });
  });
  afterAll(async () => {
    await sut?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves the site's pages with a policy allowing the configured trackers and index.html's inline script", async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const response = await sut.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(response.headers['content-security-policy']);
      const scripts = directive(policy, 'script-src');
      expect(scripts).toContain(EARLY_HASH);
      expect(scripts).toContain('https://tracker.example.com');
      expect(scripts).toContain('https://beacon.example.org');
      expect(scripts).not.toContain('unsafe-inline');
      expect(scripts).not.toContain('unsafe-eval');
      expect(directive(policy, 'connect-src')).toContain('https://beacon.example.org');
      expect(directive(policy, 'img-src')).toContain('https://img.example.net');
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
      expect(directive(policy, 'frame-src')).toContain('https://chat.example.com');
      expect(policy).not.toMatch(/default-src [^;]*\*/);
    }
  });

  it('answers /index.html by the shell route alone (the static route once passed it on, and each handler in the chain left a listener on the response: a warning per request in the log)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let n = 0; n < 3; n++) expect((await sut.get('/index.html')).statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('sends the same policy on API answers, where it does no harm', async () => {
    await sut.get('/');
    const page = (await sut.get('/')).headers['content-security-policy'];
    const api = await sut.get('/api/findmed/v1/md');
    expect(api.headers['content-security-policy']).toBe(page);
  });
});
