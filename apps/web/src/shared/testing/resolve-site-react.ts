import { createRequire } from 'node:module';

/*
 * npm hoisted React 18 to the workspace root (some peers ask for it) and put the site's React 19 in apps/web.
 * CommonJS packages loaded by Node (use-sync-external-store, rc-*) would pick up the root copy and break hooks,
 * so every `require('react…')` is answered with the site's React. The bundler does the same via `resolve.dedupe`.
 * This module must be imported before anything that loads React.
 */
type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const siteRequire = createRequire(import.meta.url);
const nodeModule = siteRequire('node:module') as { _resolveFilename: ResolveFilename };
const resolveFilename = nodeModule._resolveFilename;
let resolvingFromSite = false;

nodeModule._resolveFilename = function resolveSiteReact(this: unknown, request, ...rest) {
  if (resolvingFromSite || !/^react(-dom)?(\/|$)/.test(request)) return resolveFilename.call(this, request, ...rest);
  resolvingFromSite = true;
  try {
    return siteRequire.resolve(request);
  } finally {
    resolvingFromSite = false;
  }
};
