import type { Socket } from 'node:net';
import { toLang } from '@jinb/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';

/**
 * Requests the router refuses before any route or error handler sees them (a path that does not percent-decode,
 * a path parameter over the length limit): still answered in our envelope, so no client ever parses Fastify's own
 * error shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.code(status).send(fail('BAD_REQUEST', toLang(request.headers.lang)));
}

const CLIENT_ERROR_BODY = JSON.stringify(fail('BAD_REQUEST', 'zh-CN'));
const CLIENT_ERROR_RESPONSE = [
  'HTTP/1.1 400 Bad Request',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(CLIENT_ERROR_BODY)}`,
  'Connection: close',
  '',
  CLIENT_ERROR_BODY,
].join('\r\n');

/**
 * Bytes Node's HTTP parser cannot make a request of (a Content-Length that disagrees with the body, a broken header
 * line) never reach Fastify; the connection gets a 400 in the envelope and is closed. There are no headers to read
 * a language from, so the message is the default language's.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(CLIENT_ERROR_RESPONSE);
}
