import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** The checkout's root (where biome.json is), whether the tests run from it or from apps/web. */
function findRepo(from: string): string {
  if (existsSync(path.join(from, 'biome.json'))) return from;
  if (path.dirname(from) === from) throw new Error('biome.json not found above the working directory');
  return findRepo(path.dirname(from));
}
const repo = findRepo(process.cwd());

/** Every feature folder as it is on disk, so a folder added later is covered without touching this file. */
const features = readdirSync(path.join(repo, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Where a feature's files sit, one to three folders deep, and how each of them spells a sibling feature. */
const DEPTHS = [
  { folder: '', up: '../' },
  { folder: 'routes/', up: '../../' },
  { folder: 'routes/parts/', up: '../../../' },
];

/** For each feature, probes in another feature reaching into it from every depth. */
const crossFeatureProbes = Object.fromEntries(
  features.flatMap((feature) => {
    const host = features.find((other) => other !== feature)!;
    return DEPTHS.map(({ folder, up }) => [
      `apps/web/src/features/${host}/${folder}probe-reach-${feature}.ts`,
      `${up}${feature}/components/x`,
    ]);
  }),
);

/** For each feature, a probe importing its own folders, which must stay allowed. */
const ownFeatureProbes = Object.fromEntries(
  features.map((feature) => [`apps/web/src/features/${feature}/routes/probe-own.ts`, '../components/x']),
);

/** Probe files (path in the repo -> what they import), linted together with the repo's own biome.json. */
const probes: Record<string, string> = {
  ...crossFeatureProbes,
  ...ownFeatureProbes,
  'apps/web/src/features/records/probe-app.ts': '../../app/routes',
  'apps/web/src/features/records/probe-shared.ts': '../../shared/paths',
  'apps/web/src/features/records/routes/probe-own-feature.ts': '../records.api',
  'apps/web/src/shared/probe-app.ts': '../app/paths',
  'apps/web/src/shared/ui/probe-feature.ts': '../../features/home/home.api',
  'apps/web/src/shared/forms/probe-shared.ts': '../ui/toast',
};

let reported: Set<string>;
let workDir: string;

/**
 * The import rule lives in biome.json (style.noRestrictedImports per folder). The probes are linted in a scratch
 * copy of the tree's layout rather than in the checkout, so nothing appears in the working tree even for a moment.
 */
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'jinb-boundaries-'));
  copyFileSync(path.join(repo, 'biome.json'), path.join(workDir, 'biome.json'));
  for (const [file, source] of Object.entries(probes)) {
    mkdirSync(path.dirname(path.join(workDir, file)), { recursive: true });
    writeFileSync(path.join(workDir, file), `import { x } from '${source}';\n\nexport const y = x;\n`);
  }
  const run = spawnSync(
    path.join(repo, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--reporter=json', ...Object.keys(probes)],
    { cwd: workDir, encoding: 'utf8' },
  );
  const output = JSON.parse(run.stdout) as { diagnostics: Array<{ category: string; location: { path: string } }> };
  reported = new Set(
    output.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path),
  );
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('the import rule between the site folders', () => {
  test('The probes cover every feature folder, sportsbook included', () => {
    expect(features).toContain('sports');
    expect(features).toContain('records');
    expect(Object.keys(crossFeatureProbes)).toHaveLength(features.length * DEPTHS.length);
  });

  test('When a feature imports any other feature, from any depth, then the linter reports it', () => {
    const missed = Object.keys(crossFeatureProbes).filter((file) => !reported.has(file));
    expect(missed).toEqual([]);
  });

  test('When a feature imports its own folders, then nothing is reported', () => {
    expect(Object.keys(ownFeatureProbes).filter((file) => reported.has(file))).toEqual([]);
  });

  test('When a feature imports app/, then the linter reports it', () => {
    expect(reported.has('apps/web/src/features/records/probe-app.ts')).toBe(true);
  });

  test('When shared/ imports app/ or a feature, then the linter reports it', () => {
    expect(reported.has('apps/web/src/shared/probe-app.ts')).toBe(true);
    expect(reported.has('apps/web/src/shared/ui/probe-feature.ts')).toBe(true);
  });

  test('When a feature imports shared/ or its own files, or shared/ imports shared/, then nothing is reported', () => {
    expect(reported.has('apps/web/src/features/records/probe-shared.ts')).toBe(false);
    expect(reported.has('apps/web/src/features/records/routes/probe-own-feature.ts')).toBe(false);
    expect(reported.has('apps/web/src/shared/forms/probe-shared.ts')).toBe(false);
  });
});
