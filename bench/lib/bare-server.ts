import Fastify from 'fastify';

/**
 * The baseline of the read-path benchmark: Fastify with one route and nothing else, in its own process like the
 * real server, so both are measured under the same conditions by the same client.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: true, data: { ok: true } }));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());

await app.listen({ port, host: '127.0.0.1' });
