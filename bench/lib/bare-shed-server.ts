import http from 'node:http';

/**
 * The baseline of the overload benchmark: the fastest 503 a Node process can give, in its own process like the real
 * server and with the same listen backlog. Every request but /ready gets the shed answer's bytes at once, so under
 * the same connections and client its latency is what the machine, the kernel and the client cost by themselves.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');

const body = Buffer.from(
  JSON.stringify({ status: false, data: '服务暂时不可用，请稍后再试', code: 'SERVICE_UNAVAILABLE' }),
);
const server = http.createServer((request, response) => {
  if (request.url === '/ready') {
    response.end('ok');
    return;
  }
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'retry-after': '5',
  });
  response.end(body);
});

const close = () => server.close(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);

server.listen({ port, host: '127.0.0.1', backlog: 4096 });
