import http from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * The fan-out benchmark's baseline: a bare `ws` server in its own process, with nothing between an HTTP call and the
 * sockets. `POST /broadcast` sends its body as a text frame to every socket, then answers; `GET /ready` is the
 * readiness probe. What the real channel adds (the route's transaction and reads, Redis, the hub) is measured
 * against this, on the same machine in the same run.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/ready') {
    response.end('ok');
    return;
  }
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.statusCode = 404;
    response.end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const frame = Buffer.concat(chunks);
    for (const socket of wss.clients) socket.send(frame, { binary: false });
    response.end('ok');
  });
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});

const close = () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

server.listen(port, '127.0.0.1');
