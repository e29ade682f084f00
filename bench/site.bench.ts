import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { runLighthouse } from './lib/lighthouse-runner';
import { signIn } from './lib/member-client';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { BENCH_MEMBER, REPO_ROOT, startAppServer } from './lib/server-process';
import { filesUnder, gzipSize, readShell, totalGzip } from './lib/site-assets';
import { BUDGET_ROUTES, kB, measureSite, SITE_TARGETS } from './lib/site-budget';
import { median } from './lib/stats';

/**
 * The site's weight and speed: gzip bytes each measured route needs before it renders, render-blocking CSS, all JS,
 * and Lighthouse (mobile, performance only) against the real server serving the build.
 */
const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const BUILD_TIMEOUT_MS = 10 * 60_000;

/**
 * The routes measured (issue 7's four, as the size budget checks them). The member-only pages are measured as a
 * signed-in member opens them: the address carries a fresh session token, as the app's links do (spec section 1),
 * which the site keeps and takes out of the address before anything renders. Signed out, they would measure the
 * redirect to the login page instead.
 */
const MEMBER_ONLY = new Set(['deposit', 'transactionRecord']);
const ROUTES = BUDGET_ROUTES.map((route) => ({ ...route, signedIn: MEMBER_ONLY.has(route.page) }));

/** Builds the site; returns the reason when the build fails (the caller decides whether an older dist will do). */
async function buildSite(): Promise<string | undefined> {
  console.log('building the site: npm run build -w @jinb/web');
  const started = Date.now();
  const child = spawn('npm', ['run', 'build', '-w', '@jinb/web'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // The first errors explain a failed build; what follows is mostly stack traces.
    if (output.length < 200_000) output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), BUILD_TIMEOUT_MS);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code === 0) {
    console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes some tools print anyway.
  return `exit ${code}: ${output.replace(/\u001b\[[0-9;]*m/g, '')}`;
}

/**
 * Measured from a copy: other work in the repository may rebuild apps/web/dist while Lighthouse runs, and a
 * half-written dist would make the figures about nothing.
 */
function snapshotDist(dist: string): string {
  if (!existsSync(path.join(dist, 'index.html'))) throw new BenchmarkInvalid(`${dist}/index.html is missing`);
  const copy = mkdtempSync(path.join(tmpdir(), 'jinb-bench-dist-'));
  onCleanup(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

function measureSizes(dist: string) {
  const site = measureSite(dist, WEB_ROOT, ROUTES);
  const allJs = filesUnder(dist, 'assets', '.js');
  return {
    ...site,
    html: gzipSize(dist, 'index.html'),
    allJs: totalGzip(dist, allJs),
    allJsFiles: allJs.length,
  };
}

/** Whether the server sends the built JS compressed; Lighthouse's numbers depend on it. */
async function servedEncoding(baseUrl: string, dist: string): Promise<string> {
  const script = readShell(dist).scripts[0];
  if (!script) return 'n/a';
  const response = await fetch(`${baseUrl}/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  return response.headers.get('content-encoding') ?? 'none';
}

async function main() {
  const runs = envNumber('BENCH_LIGHTHOUSE_RUNS', 5, { min: 1, max: 20 });
  console.log(`site: sizes of the build, then Lighthouse (mobile, performance) ${runs} times per route`);
  console.log(`machine: ${machine()}`);

  let buildFailure: string | undefined;
  // Another build (say, of an older commit, to compare with) is measured as it is.
  const otherBuild = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : undefined;
  if (otherBuild) console.log(`BENCH_WEB_DIST: measuring ${otherBuild}`);
  else if (process.env.BENCH_SKIP_BUILD === '1')
    console.log('BENCH_SKIP_BUILD=1: measuring the existing apps/web/dist');
  else buildFailure = await buildSite();
  if (buildFailure) {
    // While the site is being built by several hands a broken build is common; the last good build still says
    // something, but the run fails so nobody mistakes it for the current state.
    const reasons = [...new Set(buildFailure.split('\n').filter((line) => /error|could not|failed/i.test(line)))];
    console.error(`\nTHE SITE BUILD FAILED, ${reasons.length ? reasons.slice(0, 15).join('\n') : buildFailure}`);
    if (!existsSync(path.join(WEB_ROOT, 'dist/index.html'))) throw new BenchmarkInvalid('no build to measure');
    console.error(
      `\nmeasuring the previous build in apps/web/dist (${statSync(path.join(WEB_ROOT, 'dist/index.html')).mtime.toISOString()}) instead\n`,
    );
  }
  const dist = snapshotDist(otherBuild ?? path.join(WEB_ROOT, 'dist'));

  const sizes = measureSizes(dist);
  if (sizes.graph === 'chunks') {
    console.log('no Vite manifest (dist/.vite/manifest.json): chunk graph rebuilt from the chunks themselves');
  }
  console.log('');
  printTable([
    ['what (gzip)', 'size', 'files'],
    ['index.html', kB(sizes.html), '1'],
    [
      'render-blocking CSS (linked + inline in index.html)',
      kB(sizes.renderBlockingCss),
      `${sizes.renderBlockingCssFiles.length} + inline ${kB(sizes.inlineCss)}`,
    ],
    ...sizes.routes.flatMap((route) => [
      [`first-load JS for ${route.path}`, kB(route.js), String(route.jsFiles.length)],
      [`CSS for ${route.path} before it renders (inline + files)`, kB(route.css), String(route.cssFiles.length)],
    ]),
    ['all JS in dist/assets', kB(sizes.allJs), String(sizes.allJsFiles)],
  ]);

  const server = await startAppServer({ name: 'site-server', env: { WEB_DIST: dist } });
  const encoding = await servedEncoding(server.url, dist);
  console.log(`\nserver: ${server.url} (pid ${server.pid}); entry JS served with content-encoding: ${encoding}`);

  const lighthouse = [];
  for (const route of ROUTES) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      // A fresh session each run: the site may rotate the token it was given, and each run is a new browser.
      const token = route.signedIn ? await signIn(server.url, BENCH_MEMBER.account, BENCH_MEMBER.password) : undefined;
      const url = `${server.url}${route.path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      const sample = await runLighthouse(url);
      console.log(
        `  ${route.path}${token ? ' (signed in)' : ''} run ${run}/${runs}: score ${sample.score}, ` +
          `LCP ${fixed(sample.lcpMs / 1000, 2)} s, CLS ${fixed(sample.cls, 4)}`,
      );
      samples.push(sample);
    }
    lighthouse.push({
      path: route.path,
      score: median(samples.map((sample) => sample.score)),
      lcpSeconds: median(samples.map((sample) => sample.lcpMs)) / 1000,
      cls: median(samples.map((sample) => sample.cls)),
      fcpSeconds: median(samples.map((sample) => sample.fcpMs)) / 1000,
      tbtMs: median(samples.map((sample) => sample.tbtMs)),
      samples,
    });
  }

  console.log('');
  printTable([
    ['Lighthouse median', 'score', 'LCP s', 'CLS', 'FCP s', 'TBT ms'],
    ...lighthouse.map((result) => [
      result.path,
      fixed(result.score, 0),
      fixed(result.lcpSeconds, 2),
      fixed(result.cls, 4),
      fixed(result.fcpSeconds, 2),
      fixed(result.tbtMs, 0),
    ]),
  ]);

  console.log('');
  for (const route of sizes.routes) {
    verdict(
      `first-load JS for ${route.path} <= ${kB(SITE_TARGETS.firstLoadJs)} gzip`,
      route.js <= SITE_TARGETS.firstLoadJs,
      kB(route.js),
    );
  }
  verdict(
    `render-blocking CSS <= ${kB(SITE_TARGETS.renderBlockingCss)} gzip`,
    sizes.renderBlockingCss <= SITE_TARGETS.renderBlockingCss,
    kB(sizes.renderBlockingCss),
  );
  for (const result of lighthouse) {
    verdict(
      `${result.path} Lighthouse performance median >= ${SITE_TARGETS.performance}`,
      result.score >= SITE_TARGETS.performance,
      fixed(result.score, 0),
    );
    verdict(
      `${result.path} LCP median <= ${SITE_TARGETS.lcpSeconds} s`,
      result.lcpSeconds <= SITE_TARGETS.lcpSeconds,
      `${fixed(result.lcpSeconds, 2)} s`,
    );
    verdict(`${result.path} CLS median <= ${SITE_TARGETS.cls}`, result.cls <= SITE_TARGETS.cls, fixed(result.cls, 4));
  }

  saveResults('site', { built: !buildFailure, sizes, servedEncoding: encoding, lighthouseRuns: runs, lighthouse });
  if (buildFailure) throw new BenchmarkInvalid('the site build failed; the figures above are from the previous build');
}

runBenchmark(main);
