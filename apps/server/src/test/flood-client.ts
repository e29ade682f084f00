import net from 'node:net';

/**
 * Many keep-alive connections sending one request at a time each, on raw sockets. autocannon builds its clients and
 * writes their first requests in one synchronous loop, so with 2,000 connections its first answers wait behind its
 * own set-up and the latencies it reports are partly its own; here every connection is open before the clock
 * starts, a request's time runs from its write to the last byte of its answer, and parsing an answer costs a
 * header search and a Content-Length.
 */
export type Answer = {
  status: number;
  /** From the request's write (for a new connection: from the connection attempt) to the end of its answer. */
  ms: number;
  /** For a new connection: how long it took to open (the rest of `ms` is the request's own time). */
  connectMs?: number;
  at: number;
  retryAfter: string | undefined;
  headers: string;
  body: string;
};

type Connection = { socket: net.Socket; buffer: Buffer; sentAt: number; onAnswer: ((answer: Answer) => void) | null };

/** One complete answer at the start of `buffer`, and what follows it; undefined until it has fully arrived. */
function takeAnswer(buffer: Buffer): { status: number; headers: string; body: Buffer; rest: Buffer } | undefined {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = buffer.subarray(0, headEnd).toString('latin1');
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!length) throw new Error(`an answer without Content-Length: ${head.slice(0, 200)}`);
  const bodyEnd = headEnd + 4 + Number(length[1]);
  if (buffer.length < bodyEnd) return undefined;
  return {
    status: Number(head.slice(9, 12)),
    headers: head,
    body: buffer.subarray(headEnd + 4, bodyEnd),
    rest: buffer.subarray(bodyEnd),
  };
}

export type FloodClient = {
  size: number;
  /** Sends one request on connection `index`; resolves with its answer. */
  send(index: number, request: Buffer): Promise<Answer>;
  close(): void;
};

/** Opens `count` connections to host:port, `perBatch` at a time (the server's accept queue is finite). */
export async function openConnections(port: number, host: string, count: number, perBatch = 200): Promise<FloodClient> {
  const connections: Connection[] = [];
  for (let start = 0; start < count; start += perBatch) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(perBatch, count - start) },
        () =>
          new Promise<Connection>((resolve, reject) => {
            const socket = net.connect({ port, host, noDelay: true });
            const connection: Connection = { socket, buffer: Buffer.alloc(0), sentAt: 0, onAnswer: null };
            socket.once('connect', () => resolve(connection));
            socket.once('error', reject);
            socket.on('data', (chunk) => {
              connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
              const answer = takeAnswer(connection.buffer);
              if (!answer) return;
              const ms = performance.now() - connection.sentAt;
              connection.buffer = answer.rest;
              const done = connection.onAnswer;
              connection.onAnswer = null;
              done?.({
                status: answer.status,
                ms,
                at: performance.now(),
                retryAfter: /\r\nretry-after: *([^\r]*)/i.exec(answer.headers)?.[1],
                headers: answer.headers,
                body: answer.body.toString('utf8'),
              });
            });
          }),
      ),
    );
    connections.push(...batch);
  }
  for (const connection of connections) {
    connection.socket.removeAllListeners('error');
    connection.socket.on('error', () => {
      connection.onAnswer?.({
        status: 0,
        ms: performance.now() - connection.sentAt,
        at: performance.now(),
        retryAfter: undefined,
        headers: '',
        body: '',
      });
      connection.onAnswer = null;
    });
    connection.socket.on('close', () => {
      connection.onAnswer?.({
        status: 0,
        ms: performance.now() - connection.sentAt,
        at: performance.now(),
        retryAfter: undefined,
        headers: '',
        body: '',
      });
      connection.onAnswer = null;
    });
  }
  return {
    size: connections.length,
    send(index, request) {
      const connection = connections[index]!;
      return new Promise<Answer>((resolve) => {
        connection.onAnswer = resolve;
        connection.sentAt = performance.now();
        connection.socket.write(request);
      });
    },
    close() {
      for (const connection of connections) connection.socket.destroy();
    },
  };
}

/** A GET with the given headers, as bytes ready to write. */
export function getRequest(path: string, headers: Record<string, string>): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

export type FloodResult = { answers: Answer[]; elapsedMs: number };

/**
 * Every connection sends a request the moment its previous answer arrived (or once, with `rounds: 1`), until
 * `seconds` have passed: a client that ignores Retry-After. `request(index, round)` builds each request.
 */
export async function flood(
  client: FloodClient,
  options: { seconds: number; rounds?: number; request: (index: number, round: number) => Buffer },
): Promise<FloodResult> {
  const answers: Answer[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const rounds = options.rounds ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: client.size }, async (_, index) => {
      for (let round = 0; round < rounds && performance.now() < deadline; round++) {
        const answer = await client.send(index, options.request(index, round));
        answers.push(answer);
        if (answer.status === 0) return;
      }
    }),
  );
  return { answers, elapsedMs: performance.now() - started };
}

/**
 * `count` clients arriving at once, each opening its own connection and sending `request` as soon as it is open:
 * the time runs from the connection attempt to the answer, so a handshake the server's accept queue dropped counts.
 */
export async function newConnectionsAtOnce(
  port: number,
  host: string,
  count: number,
  request: Buffer,
): Promise<Answer[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Answer>((resolve) => {
          const started = performance.now();
          let connectMs: number | undefined;
          let buffer = Buffer.alloc(0);
          const socket = net.connect({ port, host, noDelay: true }, () => {
            connectMs = performance.now() - started;
            socket.write(request);
          });
          const give = (answer: Omit<Answer, 'ms' | 'at' | 'connectMs'>) => {
            socket.destroy();
            resolve({ ...answer, ms: performance.now() - started, connectMs, at: performance.now() });
          };
          socket.on('data', (chunk) => {
            buffer = Buffer.concat([buffer, chunk]);
            const answer = takeAnswer(buffer);
            if (!answer) return;
            give({
              status: answer.status,
              retryAfter: /\r\nretry-after: *([^\r]*)/i.exec(answer.headers)?.[1],
              headers: answer.headers,
              body: answer.body.toString('utf8'),
            });
          });
          socket.on('error', () => give({ status: 0, retryAfter: undefined, headers: '', body: '' }));
        }),
    ),
  );
}
