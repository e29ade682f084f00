import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

export const CONSOLE_PREFIX = '/console';

/**
 * The console's Content-Security-Policy: the site's rules with the console page's own inline scripts (none today)
 * and no analytics hosts (no tracker runs in the back office). antd writes its CSS-in-JS into <style> tags at run
 * time, which the policy's style-src 'unsafe-inline' allows; nothing allows an injected script. No other site may
 * frame the console.
 */
export function consolePolicy(indexHtml: string, mediaHosts: string[]): string {
  return contentSecurityPolicy({ scriptHashes: inlineScriptHashes(indexHtml), analyticsHosts: [], mediaHosts }).replace(
    "frame-ancestors 'self'",
    "frame-ancestors 'none'",
  );
}

/**
 * The built operator console (apps/console, Vite base /console/) at /console: its hashed assets with a year's cache,
 * and its page for /console and every client route under it (react-router draws the page, 403 or 404). A missing
 * file (a path with an extension) is a 404, not the page. Nothing is registered when the console is not built.
 */
export function consoleStatic(options: { dist: string; mediaHosts: string[] }) {
  return async (app: FastifyInstance) => {
    const indexFile = path.join(options.dist, 'index.html');
    if (!existsSync(indexFile)) return;
    const indexHtml = readFileSync(indexFile, 'utf8');
    const policy = consolePolicy(indexHtml, options.mediaHosts);

    // Every answer of this plugin (assets included) carries the console's policy instead of the site's.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', policy);
      done();
    });

    await app.register(fastifyStatic, {
      root: options.dist,
      prefix: `${CONSOLE_PREFIX}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });

    const page = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    app.get(CONSOLE_PREFIX, { schema: { hide: true } }, page);
    app.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      if (/\.[A-Za-z0-9]{1,8}$/.test(rest)) return reply.code(404).send(fail('NOT_FOUND', request.client.lang));
      return page(request, reply);
    });
  };
}
