import path from 'node:path';
import { printTable } from './lib/report';
import { budgetFailures, kB, measureSite, SITE_TARGETS } from './lib/site-budget';

/**
 * The site's size budget, run by `npm test` right after it builds the site for the browser journeys:
 * exits 1 when a measured route's first-load JS or the render-blocking CSS is over budget (bench/README.md,
 * "Size budget"). Reads the build, so it takes a second; `node --import tsx bench/site-budget.ts [dist]`.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(REPO_ROOT, 'apps/web');
const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));

try {
  const sizes = measureSite(dist, webRoot);
  console.log(`site size budget (gzip, kB = 1000 bytes) of ${path.relative(process.cwd(), dist) || '.'}`);
  printTable([
    ['first load', 'JS', 'budget', 'files'],
    ...sizes.routes.map((route) => [
      route.path,
      kB(route.js),
      route.maxJs > SITE_TARGETS.firstLoadJs
        ? `${kB(route.maxJs)} (target ${kB(SITE_TARGETS.firstLoadJs)})`
        : kB(route.maxJs),
      String(route.jsFiles.length),
    ]),
    ['render-blocking CSS', kB(sizes.renderBlockingCss), kB(SITE_TARGETS.renderBlockingCss), ''],
  ]);
  for (const route of sizes.routes) if (route.over) console.log(`${route.path} is above the target: ${route.over}`);
  const failures = budgetFailures(sizes);
  if (failures.length) {
    console.error(`\nOVER BUDGET:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
