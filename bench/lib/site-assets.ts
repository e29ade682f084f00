import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a route of the built site downloads before it can render, read from the build output: index.html's
 * scripts, module preloads and stylesheets, plus the route's lazy page chunk with everything it imports statically.
 * The Vite manifest (dist/.vite/manifest.json) gives the chunk graph; without it the graph is rebuilt from the
 * chunks themselves (the preload list Vite writes next to each dynamic import, and static `import` statements).
 */

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type RouteAssets = { js: string[]; css: string[] };
export type Shell = {
  scripts: string[];
  modulePreloads: string[];
  renderBlockingCss: string[];
  /** Stylesheets linked `disabled` or `media="print"`: the page turns them on itself, later. */
  deferredCss: string[];
  /** The `<style>` blocks of index.html: render-blocking as well, delivered inside the HTML. */
  inlineCss: string;
};
export type GraphSource = 'manifest' | 'chunks';

/** gzip at zlib's default level, as Vite's build report computes it. */
export function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length;
}

export function gzipText(text: string): number {
  return text ? gzipSync(Buffer.from(text)).length : 0;
}

export function totalGzip(dist: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of new Set(files)) total += gzipSize(dist, file);
  return total;
}

/** Site-relative URL (/assets/x.js) to a path relative to dist (assets/x.js). */
function toDistPath(url: string): string {
  return url.replace(/^\//, '').split(/[?#]/)[0]!;
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return found;
}

/** The scripts, module preloads and render-blocking styles (linked and inline) of index.html. */
export function readShell(dist: string): Shell {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const shell: Shell = { scripts: [], modulePreloads: [], renderBlockingCss: [], deferredCss: [], inlineCss: '' };
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) shell.inlineCss += match[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.replace(/^<\w+/, '').replace(/\/?>$/, ''));
    if (tag.toLowerCase().startsWith('<script')) {
      if (attrs.src && !/^https?:/.test(attrs.src)) shell.scripts.push(toDistPath(attrs.src));
      continue;
    }
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (!attrs.href || /^https?:/.test(attrs.href)) continue;
    if (rel.includes('modulepreload')) shell.modulePreloads.push(toDistPath(attrs.href));
    // A stylesheet blocks rendering unless its media query cannot match the screen (the print-then-swap trick).
    const media = (attrs.media ?? 'all').toLowerCase();
    if (!rel.includes('stylesheet')) continue;
    if ('disabled' in attrs || /^\s*print\s*$/.test(media)) shell.deferredCss.push(toDistPath(attrs.href));
    else shell.renderBlockingCss.push(toDistPath(attrs.href));
  }
  return shell;
}

/** The page module a route lazily loads, from `pages.<name>: () => import('...')` in apps/web/src/app/pages.ts. */
export function pageModule(webRoot: string, pageName: string): string {
  const pagesFile = path.join(webRoot, 'src/app/pages.ts');
  const source = readFileSync(pagesFile, 'utf8');
  const match = source.match(new RegExp(`\\b${pageName}\\s*:\\s*\\(\\)\\s*=>\\s*import\\(\\s*['"]([^'"]+)['"]\\s*\\)`));
  if (!match) throw new Error(`no lazy page "${pageName}" in ${pagesFile}`);
  return path.posix.join('src/app', match[1]!);
}

function readManifest(dist: string): Manifest | undefined {
  const file = path.join(dist, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

function fromManifest(manifest: Manifest, shell: Shell, page: string): RouteAssets {
  const js = new Set<string>([...shell.scripts, ...shell.modulePreloads]);
  const css = new Set<string>(shell.renderBlockingCss);
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (js.has(chunk.file)) visit(key);
  }
  const pageKey = Object.keys(manifest).find((key) => key.replace(/\.[cm]?[jt]sx?$/, '') === page);
  if (!pageKey) throw new Error(`the Vite manifest has no chunk for ${page}`);
  visit(pageKey);
  return { js: [...js], css: [...css].filter((file) => !shell.deferredCss.includes(file)) };
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g;

/** Static imports of a built chunk, as dist-relative paths. */
function staticImports(dist: string, file: string): string[] {
  const source = readFileSync(path.join(dist, file), 'utf8');
  return [...source.matchAll(STATIC_IMPORT)].map((match) => path.posix.join(path.posix.dirname(file), match[1]!));
}

/**
 * Without a manifest: Vite rewrites `import('./Page.js')` into `import('./Page-hash.js'), __vite__mapDeps([...])`,
 * whose indexes point into a list of the JS and CSS files it preloads with the page; that list is what the
 * browser fetches. Static imports are followed as well, in case a chunk was built without the preload helper.
 */
function fromChunks(dist: string, shell: Shell, page: string): RouteAssets {
  const js = new Set<string>();
  const css = new Set<string>(shell.renderBlockingCss);
  const follow = (file: string) => {
    if (js.has(file) || !existsSync(path.join(dist, file))) return;
    js.add(file);
    for (const imported of staticImports(dist, file)) follow(imported);
  };
  for (const file of [...shell.scripts, ...shell.modulePreloads]) follow(file);

  const pageName = path.posix.basename(page);
  const pageChunk = new RegExp(
    `import\\(\\s*["'\`]\\./(${pageName}-[\\w-]+\\.js)["'\`]\\s*\\)(?:\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\))?`,
  );
  for (const file of [...js]) {
    const source = readFileSync(path.join(dist, file), 'utf8');
    const call = source.match(pageChunk);
    if (!call) continue;
    follow(path.posix.join(path.posix.dirname(file), call[1]!));
    const list = source.match(/m\.f\s*=\s*(\[[^\]]*\])/)?.[1];
    const preloads = list ? (JSON.parse(list.replace(/'/g, '"')) as string[]) : [];
    for (const index of (call[2] ?? '').split(',').filter(Boolean)) {
      const dep = preloads[Number(index)];
      if (dep?.endsWith('.css')) css.add(dep);
      else if (dep) follow(dep);
    }
    return { js: [...js], css: [...css].filter((file) => !shell.deferredCss.includes(file)) };
  }
  throw new Error(`no dynamic import of ${pageName} found in the chunks index.html loads`);
}

export function routeAssets(dist: string, shell: Shell, page: string): { assets: RouteAssets; source: GraphSource } {
  const manifest = readManifest(dist);
  return manifest
    ? { assets: fromManifest(manifest, shell, page), source: 'manifest' }
    : { assets: fromChunks(dist, shell, page), source: 'chunks' };
}

export function filesUnder(dist: string, dir: string, extension: string): string[] {
  const root = path.join(dist, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}
