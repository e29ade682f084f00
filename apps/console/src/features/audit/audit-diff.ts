import { auditMessages } from './messages';

/** One leaf of a before/after pair: its path (`limits.max`, `levels[2].bonus`) and the value on each side. */
export type DiffLine = {
  path: string;
  before: string | undefined;
  after: string | undefined;
  change: 'added' | 'removed' | 'changed' | 'same';
};

function leaves(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, index) => {
      leaves(item, `${path}[${index}]`, into);
    });
  } else if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(path || auditMessages.diff.whole, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return into;
}

/**
 * What changed between the state before and after an operator's action, leaf by leaf, changes first. A side that is
 * null or missing (the writer recorded only what it did) shows every leaf of the other side as added.
 */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const old = before === null || before === undefined ? new Map<string, string>() : leaves(before, '', new Map());
  const now = after === null || after === undefined ? new Map<string, string>() : leaves(after, '', new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const lines = paths.map((path): DiffLine => {
    const was = old.get(path);
    const is = now.get(path);
    const change = was === undefined ? 'added' : is === undefined ? 'removed' : was === is ? 'same' : 'changed';
    return { path, before: was, after: is, change };
  });
  const rank = { changed: 0, added: 1, removed: 2, same: 3 } as const;
  return lines.sort((a, b) => rank[a.change] - rank[b.change]);
}
