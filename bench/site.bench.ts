import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paths } from '../apps/web/src/shared/paths';
import { BenchmarkInvalid, onCleanup, runBenchmark } from './lib/lifecycle';
import { runLighthouse } from './lib/lighthouse-runner';
import { envNumber, fixed, machine, printTable, saveResults, verdict } from './lib/report';
import { REPO_ROOT, startAppServer } from './lib/server-process';
import { filesUnder, gzipSize, gzipText, pageModule, readShell, routeAssets, totalGzip } from './lib/site-assets';
import { median } from './lib/stats';

/**
 * The site's weight and speed: gzip bytes /app/home needs before it renders, render-blocking CSS, all JS, and
 * Lighthouse (mobile, performance only) against the real server serving the build.
 */
const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Sizes are in kB of 1000 bytes, as Vite's build report prints them. */
const KB = 1000;

const TARGETS = {
  homeFirstLoadJs: 130 * KB,
  renderBlockingCss: 15 * KB,
  performance: 95,
  lcpSeconds: 1.8,
  cls: 0.02,
};

/** The routes measured, with the lazy page (apps/web/src/app/pages.ts) each one renders. */
const ROUTES = [
  { path: paths.home, page: 'home' },
  { path: paths.login, page: 'login' },
] as const;

function kB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

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
function snapshotDist(): string {
  const dist = path.join(WEB_ROOT, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new BenchmarkInvalid(`${dist}/index.html is missing`);
  const copy = mkdtempSync(path.join(tmpdir(), 'jinb-bench-dist-'));
  onCleanup(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

function measureSizes(dist: string) {
  const shell = readShell(dist);
  const routes = ROUTES.map((route) => {
    const { assets, source } = routeAssets(dist, shell, pageModule(WEB_ROOT, route.page));
    return {
      ...route,
      source,
      jsFiles: assets.js.length,
      js: totalGzip(dist, assets.js),
      css: totalGzip(dist, assets.css) + gzipText(shell.inlineCss),
      cssFiles: assets.css.length,
    };
  });
  const allJs = filesUnder(dist, 'assets', '.js');
  return {
    graph: routes[0]!.source,
    html: gzipSize(dist, 'index.html'),
    renderBlockingCss: totalGzip(dist, shell.renderBlockingCss) + gzipText(shell.inlineCss),
    renderBlockingCssFiles: shell.renderBlockingCss.length,
    inlineCss: gzipText(shell.inlineCss),
    routes,
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
  if (process.env.BENCH_SKIP_BUILD === '1') console.log('BENCH_SKIP_BUILD=1: measuring the existing apps/web/dist');
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
  const dist = snapshotDist();

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
      `${sizes.renderBlockingCssFiles} + inline ${kB(sizes.inlineCss)}`,
    ],
    ...sizes.routes.flatMap((route) => [
      [`first-load JS for ${route.path}`, kB(route.js), String(route.jsFiles)],
      [`CSS for ${route.path} before it renders (inline + files)`, kB(route.css), String(route.cssFiles)],
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
      const sample = await runLighthouse(`${server.url}${route.path}`);
      console.log(
        `  ${route.path} run ${run}/${runs}: score ${sample.score}, LCP ${fixed(sample.lcpMs / 1000, 2)} s, ` +
          `CLS ${fixed(sample.cls, 4)}`,
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
  const home = sizes.routes[0]!;
  verdict(
    `first-load JS for ${home.path} <= ${kB(TARGETS.homeFirstLoadJs)} gzip`,
    home.js <= TARGETS.homeFirstLoadJs,
    kB(home.js),
  );
  verdict(
    `render-blocking CSS <= ${kB(TARGETS.renderBlockingCss)} gzip`,
    sizes.renderBlockingCss <= TARGETS.renderBlockingCss,
    kB(sizes.renderBlockingCss),
  );
  for (const result of lighthouse) {
    verdict(
      `${result.path} Lighthouse performance median >= ${TARGETS.performance}`,
      result.score >= TARGETS.performance,
      fixed(result.score, 0),
    );
    verdict(
      `${result.path} LCP median <= ${TARGETS.lcpSeconds} s`,
      result.lcpSeconds <= TARGETS.lcpSeconds,
      `${fixed(result.lcpSeconds, 2)} s`,
    );
    verdict(`${result.path} CLS median <= ${TARGETS.cls}`, result.cls <= TARGETS.cls, fixed(result.cls, 4));
  }

  saveResults('site', { built: !buildFailure, sizes, servedEncoding: encoding, lighthouseRuns: runs, lighthouse });
  if (buildFailure) throw new BenchmarkInvalid('the site build failed; the figures above are from the previous build');
}

runBenchmark(main);
