import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The contract's endpoint table (@jinb/contract/endpoints) holds every zod schema of the API. The site takes only its
 * types from it, so the bundler never puts the table, or zod with it, on a page: every import of it is `import type`
 * (with verbatimModuleSyntax even `import { type X }` would load the module), and nothing re-exports or loads it.
 */

/** The checkout's root (where biome.json is), whether the tests run from it or from apps/web. */
function findRepo(from: string): string {
  if (existsSync(path.join(from, 'biome.json'))) return from;
  if (path.dirname(from) === from) throw new Error('biome.json not found above the working directory');
  return findRepo(path.dirname(from));
}
const SOURCE = path.join(findRepo(process.cwd()), 'apps/web/src');
const TABLE = /['"]@jinb\/contract\/endpoints['"]/;

/** Statements of this source that would load the endpoint table at run time. */
function valueImportsOfTable(source: string): string[] {
  // Static imports and re-exports (over several lines) and side-effect imports, from the start of a line; then
  // dynamic imports anywhere.
  const statements = [
    ...source.matchAll(/^[ \t]*(?:import|export)\b[^;'"]*?['"][^'"]+['"]/gm),
    ...source.matchAll(/\bimport\s*\(\s*['"][^'"]+['"]\s*\)/g),
  ].map(([statement]) => statement.trim());
  return statements
    .filter((statement) => TABLE.test(statement) && !/^(?:import|export)\s+type\b/.test(statement))
    .map((statement) => statement.replace(/\s+/g, ' '));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the site's imports of the endpoint table", () => {
  test('are all type-only, so no page loads the schemas', () => {
    const files = sourceFiles(SOURCE);
    // This file's samples below are not imports.
    const users = files.filter(
      (file) => !file.endsWith('endpoint-types.test.ts') && TABLE.test(readFileSync(file, 'utf8')),
    );
    // The typed client at least takes its types from the table (the check below is about something).
    expect(users.map((file) => path.relative(SOURCE, file))).toContain(path.join('shared', 'api', 'client.ts'));

    const offending = users.flatMap((file) =>
      valueImportsOfTable(readFileSync(file, 'utf8')).map(
        (statement) => `${path.relative(SOURCE, file)}: ${statement}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  test('a value import, an inline type import, a re-export or a dynamic import would be reported', () => {
    const source = [
      "import type { Body } from '@jinb/contract/endpoints';",
      "import type {\n  Query,\n  Result,\n} from '@jinb/contract/endpoints';",
      "import { api } from '@jinb/contract';",
      "import { endpoints } from '@jinb/contract/endpoints';",
      "import { type Endpoints } from '@jinb/contract/endpoints';",
      "export { endpoints } from '@jinb/contract/endpoints';",
      "export type { Endpoints } from '@jinb/contract/endpoints';",
      "import '@jinb/contract/endpoints';",
      "const table = await import('@jinb/contract/endpoints');",
    ].join('\n');
    expect(valueImportsOfTable(source)).toEqual([
      "import { endpoints } from '@jinb/contract/endpoints'",
      "import { type Endpoints } from '@jinb/contract/endpoints'",
      "export { endpoints } from '@jinb/contract/endpoints'",
      "import '@jinb/contract/endpoints'",
      "import('@jinb/contract/endpoints')",
    ]);
  });
});
