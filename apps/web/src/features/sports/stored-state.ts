/**
 * A store's state kept in the browser's storage across page loads. Written here rather than with zustand's persist
 * middleware, which would be bundled with zustand into the chunk every first screen loads.
 */

type Saved = { version: number; state: unknown };

/** The state saved under `key` in this shape version; null when there is none, it is older, or unreadable. */
export function readStored(storage: () => Storage, key: string, version: number): Record<string, unknown> | null {
  try {
    const saved = JSON.parse(storage().getItem(key) ?? 'null') as Saved | null;
    if (saved?.version !== version || !saved.state || typeof saved.state !== 'object') return null;
    return saved.state as Record<string, unknown>;
  } catch {
    // Storage can be off (a private window) or hold something else: start afresh.
    return null;
  }
}

export function writeStored(storage: () => Storage, key: string, version: number, state: unknown): void {
  try {
    storage().setItem(key, JSON.stringify({ version, state } satisfies Saved));
  } catch {
    // Full or off: the state still works for this page, it just will not survive a reload.
  }
}
