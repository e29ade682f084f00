import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageModule } from './site-assets';
import { BUDGET_ROUTES, type BudgetRoute, budgetFailures, KB, measureSite } from './site-budget';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Issue 7's four routes, each with the target as its budget (the real budgets may sit above it for a while). */
const ROUTES: BudgetRoute[] = [
  { path: '/app/home', page: 'home', maxJs: 130 * KB },
  { path: '/login', page: 'login', maxJs: 130 * KB },
  { path: '/finance/deposit', page: 'deposit', maxJs: 130 * KB },
  { path: '/user/transactionRecord', page: 'transactionRecord', maxJs: 130 * KB },
];

/** Random bytes do not compress: a file of n bytes is about n bytes gzipped. */
const incompressible = (bytes: number) => randomBytes(bytes);

type FakeBuild = {
  entryKb: number;
  vendorKb: number;
  pageKb: Record<string, number>;
  sharedKb?: number;
  cssKb?: number;
};

/**
 * A built site in miniature: index.html loading an entry and preloading a vendor chunk, one lazy chunk per page
 * (the login page importing a shared chunk), the Vite manifest tying them together, and the pages.ts the
 * measurement reads the page modules from.
 */
function fakeSite({ entryKb, vendorKb, pageKb, sharedKb = 1, cssKb = 0 }: FakeBuild) {
  const root = mkdtempSync(path.join(tmpdir(), 'jinb-budget-'));
  made.push(root);
  const web = path.join(root, 'web');
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(web, 'src/app'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  const pages = ROUTES.map((route) => ({ page: route.page, module: `features/${route.page}/Page` }));
  writeFileSync(
    path.join(web, 'src/app/pages.ts'),
    `export const pages = {\n${pages.map(({ page, module }) => `  ${page}: () => import('../${module}'),`).join('\n')}\n};\n`,
  );
  const write = (file: string, kb: number) => writeFileSync(path.join(dist, file), incompressible(kb * KB));
  write('assets/index.js', entryKb);
  write('assets/vendor.js', vendorKb);
  write('assets/shared.js', sharedKb);
  const manifest: Record<string, unknown> = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js' },
  };
  for (const { page, module } of pages) {
    write(`assets/${page}.js`, pageKb[page] ?? 1);
    manifest[`src/${module}.tsx`] = {
      file: `assets/${page}.js`,
      imports: page === 'login' ? ['_vendor.js', '_shared.js'] : ['_vendor.js'],
    };
  }
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  const stylesheet = cssKb ? '<link rel="stylesheet" crossorigin href="/assets/index.css">' : '';
  if (cssKb) write('assets/index.css', cssKb);
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><style>body{margin:0}</style>' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      `<link rel="modulepreload" crossorigin href="/assets/vendor.js">${stylesheet}` +
      '<link rel="stylesheet" href="/assets/lazy.css" disabled></head><body><div id="root"></div></body></html>',
  );
  return { web, dist };
}

describe('the site size budget', () => {
  it('When every route is under budget, then it reports nothing, and counts entry, preloads and page chunks', () => {
    const { web, dist } = fakeSite({ entryKb: 10, vendorKb: 100, pageKb: { home: 5 } });
    const sizes = measureSite(dist, web, ROUTES);
    expect(budgetFailures(sizes)).toEqual([]);
    const home = sizes.routes.find((route) => route.page === 'home')!;
    expect(home.jsFiles.sort()).toEqual(['assets/home.js', 'assets/index.js', 'assets/vendor.js']);
    expect(home.js).toBeGreaterThan(115 * KB);
    expect(home.js).toBeLessThan(116 * KB);
  });

  it('When a page chunk pushes its route over, then that route is named with its size and files', () => {
    const { web, dist } = fakeSite({ entryKb: 10, vendorKb: 100, pageKb: { deposit: 25 } });
    const failures = budgetFailures(measureSite(dist, web, ROUTES));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^first-load JS for \/finance\/deposit is 135\.\d kB gzip, over its budget of 130\.0 kB/,
    );
    expect(failures[0]).toContain('assets/deposit.js');
  });

  it('When a chunk the page imports is what grew, then it counts too', () => {
    const { web, dist } = fakeSite({ entryKb: 10, vendorKb: 100, pageKb: { login: 5 }, sharedKb: 20 });
    const failures = budgetFailures(measureSite(dist, web, ROUTES));
    expect(failures).toEqual([expect.stringMatching(/^first-load JS for \/login is 135\.\d kB.*assets\/shared\.js/)]);
  });

  it('When the entry grows, then every route fails', () => {
    const { web, dist } = fakeSite({ entryKb: 30, vendorKb: 100, pageKb: {} });
    expect(budgetFailures(measureSite(dist, web, ROUTES))).toHaveLength(ROUTES.length);
  });

  it('When index.html links more than 15 kB of CSS, then the render-blocking CSS fails; a disabled sheet does not count', () => {
    const { web, dist } = fakeSite({ entryKb: 10, vendorKb: 50, pageKb: {}, cssKb: 16 });
    const sizes = measureSite(dist, web, ROUTES);
    expect(sizes.renderBlockingCssFiles).toEqual(['assets/index.css']);
    expect(budgetFailures(sizes)).toEqual([expect.stringMatching(/^render-blocking CSS is 16\.\d kB gzip/)]);
  });

  it('When there is no build, then it says to build first', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'jinb-budget-'));
    made.push(root);
    expect(() => measureSite(path.join(root, 'dist'), root, ROUTES)).toThrow(/build the site first/);
  });

  it('When run as npm test runs it, then an over-budget build exits 1 and one under budget exits 0', () => {
    const run = (dist: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'bench/site-budget.ts', dist], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
    // The script measures the real routes against their real budgets, so the fake build names the site's pages.
    const over = realPagesSite(Math.max(...BUDGET_ROUTES.map((route) => route.maxJs)) / KB);
    const under = realPagesSite(60);
    const failed = run(over);
    expect(failed.status, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('OVER BUDGET');
    const passed = run(under);
    expect(passed.status, passed.stderr).toBe(0);
    expect(passed.stdout).toContain('/app/home');
  }, 30_000);
});

/** A fake build whose manifest names the site's real page modules, as the command-line script reads them. */
function realPagesSite(vendorKb: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'jinb-budget-'));
  made.push(root);
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'assets/index.js'), incompressible(5 * KB));
  writeFileSync(path.join(dist, 'assets/page.js'), incompressible(1 * KB));
  const manifest: Record<string, unknown> = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  const webRoot = path.join(REPO_ROOT, 'apps/web');
  for (const route of BUDGET_ROUTES) {
    manifest[`${pageModule(webRoot, route.page)}.tsx`] = { file: 'assets/page.js' };
  }
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dist, 'assets/vendor.js'), incompressible(vendorKb * KB));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js">',
  );
  return dist;
}
