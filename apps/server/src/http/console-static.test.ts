import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const CONSOLE_HTML = `<!doctype html><html><head><script type="module" crossorigin src="/console/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const SITE_HTML = '<!doctype html><html><body>site</body></html>';

describe('the console at /console', () => {
  let sut: TestApp;
  let consoleDist: string;
  let webDist: string;

  beforeAll(async () => {
    consoleDist = mkdtempSync(path.join(tmpdir(), 'jinb-console-'));
    mkdirSync(path.join(consoleDist, 'assets'));
    writeFileSync(path.join(consoleDist, 'index.html'), CONSOLE_HTML);
    writeFileSync(path.join(consoleDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    webDist = mkdtempSync(path.join(tmpdir(), 'jinb-web-'));
    writeFileSync(path.join(webDist, 'index.html'), SITE_HTML);
    sut = await createTestApp('pglite', { env: { CONSOLE_DIST: consoleDist, WEB_DIST: webDist }, seed: false });
  });

  afterAll(async () => {
    await sut?.close();
    rmSync(consoleDist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the console page at /console and at every client route under it, never cached', async () => {
    for (const url of ['/console', '/console/', '/console/login', '/console/money/withdrawals?status=pending']) {
      const response = await sut.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(CONSOLE_HTML);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year of cache, and a missing file is a 404 rather than the page', async () => {
    const asset = await sut.app.inject({ method: 'GET', url: '/console/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await sut.app.inject({ method: 'GET', url: '/console/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });

  it("sends the console's policy: antd's runtime styles allowed, no inline script, no framing, no trackers", async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/console/members' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self'");
  });

  it('leaves the site where it was', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/app/home' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SITE_HTML);
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});
