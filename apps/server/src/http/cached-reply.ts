import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer built once and kept: its bytes, compressed both ways, and its ETag. */
export type PreparedAnswer = { etag: string; json: Buffer; gzip: Buffer; brotli: Buffer };

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a prepared answer as the client can take it: 304 when it already holds these bytes (its If-None-Match), else
 * brotli, gzip or plain JSON by its Accept-Encoding. `no-cache` lets a browser keep the answer but ask again every
 * time, so a price is never shown from its cache after it moved; the 304 makes asking again cost a header.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'application/json; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.json);
}
