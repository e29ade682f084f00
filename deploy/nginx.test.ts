import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/live-server';

const run = promisify(execFile);
const DEPLOY = import.meta.dirname;

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

type Answer = { status: number; headers: IncomingMessage['headers']; body: string };

/** One HTTPS request to the local nginx (its certificate is self-signed), over HTTP/1.1. */
function call(
  port: number,
  pathName: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: options.method ?? 'GET',
        headers: options.headers,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A stand-in app node: records what reaches it. A broken one drops the connection of every request it receives
 * (after reading it), as a node killed mid-request would.
 */
function fakeNode(port: number, broken: boolean, options: { shedFirst?: number } = {}) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }> = [];
  let toShed = options.shedFirst ?? 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      if (broken) {
        req.socket.destroy();
        return;
      }
      // A node past its capacity: its load gate's fast 503 with Retry-After.
      if (toShed > 0) {
        toShed--;
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ status: false, code: 'SERVICE_UNAVAILABLE' }));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: true, data: { node: port, headers: req.headers } }));
    });
  });
  return {
    seen,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const UPLOAD = `${'ab'.repeat(16)}.png`;

/**
 * The edge configuration (nginx/jinb-locations.conf, jinb-edge.conf) as local-up renders it, with stand-in nodes:
 * what reaches a node and what a client gets when nodes fail.
 */
describe.skipIf(!onPath('nginx') || !onPath('openssl'))('nginx in front of the nodes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jinb-nginx-'));
  const ports = { https: 0, http: 0, sms: 0, healthy: 0, broken: 0 };
  let healthy: ReturnType<typeof fakeNode>;
  let broken: ReturnType<typeof fakeNode>;
  let nginxPid = 0;

  beforeAll(async () => {
    for (const key of Object.keys(ports) as Array<keyof typeof ports>) ports[key] = await freePort();
    const web = path.join(dir, 'web');
    const consoleDist = path.join(dir, 'console');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(path.join(consoleDist, 'assets'), { recursive: true });
    mkdirSync(path.join(dir, 'data', 'uploads'), { recursive: true });
    mkdirSync(path.join(dir, 'tls'), { recursive: true });
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(path.join(web, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(web, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(consoleDist, 'assets', 'main-Zz99Yy88.js'), 'export {};');
    writeFileSync(path.join(dir, 'data', 'uploads', UPLOAD), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(path.join(dir, 'data', 'uploads', 'notes.html'), '<script>alert(1)</script>');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(dir, 'tls', 'key.pem'),
      '-out',
      path.join(dir, 'tls', 'cert.pem'),
    ]);
    const conf = path.join(dir, 'nginx', 'nginx.conf');
    await run(path.join(DEPLOY, 'lib', 'render-nginx.sh'), [conf], {
      env: {
        ...process.env,
        JINB_LOCAL_DIR: dir,
        JINB_WEB_DIST: web,
        JINB_CONSOLE_DIST: consoleDist,
        JINB_DATA_DIR: path.join(dir, 'data'),
        JINB_HTTP_PORT: String(ports.http),
        JINB_HTTPS_PORT: String(ports.https),
        JINB_SMS_PORT: String(ports.sms),
        JINB_NODE_PORTS: `${ports.healthy} ${ports.broken}`,
      },
    });
    await run('nginx', ['-p', path.join(dir, 'nginx'), '-c', conf]);
    nginxPid = Number(readFileSync(path.join(dir, 'nginx', 'nginx.pid'), 'utf8'));
    healthy = fakeNode(ports.healthy, false);
    broken = fakeNode(ports.broken, true);
  });

  afterAll(async () => {
    if (nginxPid) process.kill(nginxPid, 'SIGQUIT');
    await healthy?.close();
    await broken?.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dir, { recursive: true, force: true });
  });

  describe('with every node down', () => {
    it('shows people the maintenance page and the API its error envelope, with Retry-After', async () => {
      const page = await call(ports.https, '/app/home');
      expect(page.status).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('系统维护中');
      expect(page.headers['cache-control']).toBe('no-store');

      const api = await call(ports.https, '/api/f/v1/wallet/assets');
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe('30');
      expect(JSON.parse(api.body)).toMatchObject({ status: false, code: 'SERVICE_UNAVAILABLE' });
    });

    it('still serves the built site and the uploads from disk, cached as their names allow', async () => {
      const asset = await call(ports.https, '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const worker = await call(ports.https, '/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');

      const consoleAsset = await call(ports.https, '/console/assets/main-Zz99Yy88.js');
      expect(consoleAsset.status).toBe(200);
      expect(consoleAsset.headers['cache-control']).toContain('immutable');

      const picture = await call(ports.https, `/uploads/${UPLOAD}`);
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.headers['x-content-type-options']).toBe('nosniff');
      expect(picture.headers['content-security-policy']).toBe("default-src 'none'");
      // Only names the app gives its uploads: anything else in the folder stays unreachable.
      expect((await call(ports.https, '/uploads/notes.html')).status).toBe(404);
    });

    it('never serves /metrics from outside and moves plain HTTP to HTTPS', async () => {
      expect((await call(ports.https, '/metrics')).status).toBe(404);
      const plain = await new Promise<IncomingMessage>((resolve, reject) =>
        import('node:http').then(({ get }) =>
          get({ host: '127.0.0.1', port: ports.http, path: '/app/home?x=1' }, resolve).on('error', reject),
        ),
      );
      plain.resume();
      expect(plain.statusCode).toBe(301);
      expect(plain.headers.location).toBe(`https://127.0.0.1:${ports.https}/app/home?x=1`);
    });

    it('refuses a body over the limit before any node sees it, and lets a picture through to the upload call', async () => {
      const big = await call(ports.https, '/api/f/v1/wallet/transfer', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a'.repeat(200 * 1024),
      });
      expect(big.status).toBe(413);
      const upload = await call(ports.https, '/api/f/v1/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(2 * 1024 * 1024),
      });
      // Past the edge's size check: refused only because no node is up.
      expect(upload.status).toBe(503);
    });

    it('answers a flood of sign-in calls from one address with 429 and the error envelope', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => call(ports.https, '/api/findmed/v1/member/captcha')),
      );
      const limited = answers.filter((answer) => answer.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(JSON.parse(limited[0]?.body ?? '{}')).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    });
  });

  describe('with one healthy node and one that drops every request', () => {
    beforeAll(async () => {
      await healthy.listen();
      await broken.listen();
      // nginx never marks a node failed (max_fails=0), so nothing left from the outage above is waited out.
    });

    it('retries a read the broken node dropped on the healthy one, so the client never sees it fail', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 6; index++) {
        statuses.push((await call(ports.https, '/api/f/v1/wallet/assets')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      expect(broken.seen.filter((seen) => seen.method === 'GET').length).toBeGreaterThan(0);
    });

    it('sends a POST to one node only, never again to the other, even when the first drops it', async () => {
      const answers: Answer[] = [];
      for (let index = 0; index < 6; index++) {
        answers.push(
          await call(ports.https, '/api/f/v1/wallet/transfer', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `k${index}` },
            body: 'from=main&to=house&amount=1',
          }),
        );
      }
      const posts = (node: ReturnType<typeof fakeNode>) => node.seen.filter((seen) => seen.method === 'POST');
      expect(posts(broken).length).toBeGreaterThan(0);
      // Every POST reached exactly one node: those the broken node dropped come back as 503, not as a second try.
      expect(posts(healthy).length + posts(broken).length).toBe(6);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(posts(healthy).length);
      for (const answer of answers.filter((answer) => answer.status !== 200)) {
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    });

    it('tells the node the client address, the host it asked for and a request id, whatever the client claims', async () => {
      const answer = await call(ports.https, '/api/f/v1/wallet/assets', {
        headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-request-id': 'mine' },
      });
      const headers = (JSON.parse(answer.body) as { data: { headers: Record<string, string> } }).data.headers;
      // TRUST_PROXY=1: the node believes the last entry, the one nginx appends.
      expect(headers['x-forwarded-for']).toBe('6.6.6.6, 127.0.0.1');
      expect(headers['x-real-ip']).toBe('127.0.0.1');
      expect(headers.host).toBe(`127.0.0.1:${ports.https}`);
      expect(headers['x-forwarded-host']).toBe(`127.0.0.1:${ports.https}`);
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  describe('with both nodes shedding a few requests under load', () => {
    beforeAll(async () => {
      await healthy.close();
      await broken.close();
      healthy = fakeNode(ports.healthy, false, { shedFirst: 2 });
      broken = fakeNode(ports.broken, false, { shedFirst: 2 });
      await healthy.listen();
      await broken.listen();
    });

    it('keeps both in the upstream: the next request is answered by a node, not refused by nginx', async () => {
      // Each shed 503 is retried on the other node; both shed their first two, so these pass the 503 through.
      for (let index = 0; index < 2; index++) await call(ports.https, '/api/f/v1/wallet/assets');
      // Marking failed nodes (max_fails) would count those 503s and leave no node for 3 s ("no live upstreams").
      const after = await call(ports.https, '/api/f/v1/wallet/assets');
      expect(after.status).toBe(200);
    });
  });
});

describe.skipIf(!onPath('nginx') || !onPath('openssl'))('the production configuration (nginx/jinb.conf)', () => {
  it('passes nginx -t with the operator paths pointed at this checkout', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jinb-nginx-prod-'));
    try {
      await run('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ]);
      // Only the locations of files change: the includes, the certificate and the logs.
      const site = readFileSync(path.join(DEPLOY, 'nginx', 'jinb.conf'), 'utf8')
        .replaceAll('/etc/nginx/jinb/', `${path.join(DEPLOY, 'nginx')}/`)
        .replaceAll('/etc/ssl/jinb/', `${dir}/`)
        .replaceAll('/var/log/nginx/', `${dir}/`);
      writeFileSync(path.join(dir, 'jinb.conf'), site);
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/jinb.conf;\n}\n`,
      );
      const result = await run('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
      expect(result.stderr).toMatch(/test is successful/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
