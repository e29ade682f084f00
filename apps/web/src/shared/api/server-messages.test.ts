import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The server's message table (@jinb/contract's `errorMessages`, every error code in zh-CN and zh-HK) grows with every
 * server feature. The site does not need it: a refusal carries its message in the member's language (`data` of the
 * envelope), and the few failures the server never answers have their words in api/client.locale.ts, the checks
 * forms make in forms/forms.locale.ts. Loaded by the shell, the table grew every first screen with each new code
 * (2.6 kB gzip of the 136 kB home page), so no site module takes it; tests may, to compare words.
 */

/** The checkout's root (where biome.json is), whether the tests run from it or from apps/web. */
function findRepo(from: string): string {
  if (existsSync(path.join(from, 'biome.json'))) return from;
  if (path.dirname(from) === from) throw new Error('biome.json not found above the working directory');
  return findRepo(path.dirname(from));
}
const SOURCE = path.join(findRepo(process.cwd()), 'apps/web/src');

function siteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : siteFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the server's message table", () => {
  test('is loaded by no site module', () => {
    const files = siteFiles(SOURCE);
    expect(files.map((file) => path.relative(SOURCE, file))).toContain(path.join('shared', 'api', 'client.ts'));
    const users = files.filter((file) => /\berrorMessages\b/.test(readFileSync(file, 'utf8')));
    expect(users.map((file) => path.relative(SOURCE, file))).toEqual([]);
  });
});
