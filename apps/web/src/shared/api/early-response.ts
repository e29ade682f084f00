/**
 * Where index.html's inline script (app/early-home.ts) parks the responses it asked for before any module loaded;
 * the name is shared by the script that writes it and the client code that reads it.
 */
export const EARLY_KEY = '__jinbEarly';

type EarlyWindow = Window & { [EARLY_KEY]?: Record<string, Promise<Response> | undefined> };

/**
 * A response index.html's inline script already asked for, handed over once: the client reads its headers and
 * envelope exactly as if it had sent the request itself. Later calls (refetches) go out as usual.
 */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = (window as EarlyWindow)[EARLY_KEY];
  const response = early?.[path];
  if (early) delete early[path];
  return response;
}
