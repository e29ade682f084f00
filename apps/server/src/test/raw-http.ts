import { connect } from 'node:net';

export type RawAnswer =
  | { kind: 'answer'; status: number; body: string }
  | { kind: 'hang' }
  /** The server closed the connection without a response. */
  | { kind: 'closed' };

/**
 * Writes bytes no HTTP client would send (contradicting Content-Lengths, broken chunks, raw bytes in the path) to a
 * listening server and reads its first answer. A server that neither answers nor closes within the time is a hang.
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const timer = setTimeout(() => finish({ kind: 'hang' }), timeoutMs);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const answer = firstResponse(data);
      if (answer) finish(answer);
    });
    socket.on('end', () => finish(firstResponse(data) ?? { kind: 'closed' }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server cutting a connection it cannot make sense of is no answer, but no hang either.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(firstResponse(data) ?? { kind: 'closed' });
      else if (!settled) reject(error);
    });
  });
}

/** The first complete response in `data`, framed by its Content-Length as every answer of ours is. */
function firstResponse(data: Buffer): RawAnswer | undefined {
  const text = data.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  const statusLine = /^HTTP\/1\.1 (\d{3})/.exec(text);
  if (headEnd < 0 || !statusLine) return undefined;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd));
  if (!length) return undefined;
  const bodyStart = headEnd + 4;
  const bodyEnd = bodyStart + Number(length[1]);
  if (data.length < bodyEnd) return undefined;
  return { kind: 'answer', status: Number(statusLine[1]), body: data.subarray(bodyStart, bodyEnd).toString('utf8') };
}
