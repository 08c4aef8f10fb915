/**
 * Requests for tests of a server's drain. Those a test keeps in flight for as long as it wants,
 * without a clock: a download whose client stops reading after the first bytes, and an upload whose
 * client sends half of its body, both over a keep-alive agent as a browser or a proxy keeps
 * connections. And a probe on a new connection that asks to keep it, to see whether the server
 * answers `Connection: close`.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';

export interface HeldDownload {
  /** Reads the rest; resolves with the status, the headers and the whole body's SHA-256. */
  finish(): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; sha256: string }>;
}

/** GETs `url` and stops reading once the first bytes arrive (the server's writes then wait on the socket). */
export function holdDownload(
  agent: http.Agent,
  url: string,
  headers: Record<string, string> = {},
): Promise<HeldDownload> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { agent, headers }, (response) => {
      const hash = createHash('sha256');
      let bytes = 0;
      const ended = new Promise<void>((done, fail) => {
        response.on('end', done);
        response.on('error', fail);
        response.on('aborted', () =>
          fail(new Error(`${url}: the server cut the answer after ${bytes} bytes`)),
        );
      });
      response.once('readable', () => {
        const first = response.read() as Buffer | null;
        if (first) {
          hash.update(first);
          bytes += first.length;
        }
        resolve({
          async finish() {
            response.on('data', (chunk: Buffer) => {
              hash.update(chunk);
              bytes += chunk.length;
            });
            await ended;
            return {
              status: response.statusCode ?? 0,
              headers: response.headers,
              bytes,
              sha256: hash.digest('hex'),
            };
          },
        });
      });
    });
    outgoing.on('error', reject);
  });
}

export interface HeldUpload {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/** Sends `method url` with the first half of `body` (its full length declared), and holds the rest. */
export function holdUpload(
  agent: http.Agent,
  url: string,
  body: string,
  headers: Record<string, string> = {},
  method = 'POST',
): HeldUpload {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const outgoing = http.request(url, {
    agent,
    method,
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers },
  });
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      outgoing.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
    },
  );
  // Headers and half the body now: the server has the request, and waits for the rest.
  outgoing.flushHeaders();
  outgoing.write(bytes.subarray(0, half));
  return {
    finish() {
      outgoing.end(bytes.subarray(half));
      return answered;
    },
  };
}

/** A GET on a connection of its own, asking to keep it: its status and the `Connection` the server answers. */
export function probe(url: string): Promise<{ status: number | undefined; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { agent: false, headers: { connection: 'keep-alive' } }, (response) => {
      response.resume();
      // Kept open by the server, the connection is this probe's alone: close it.
      response.on('end', () => outgoing.destroy());
      resolve({ status: response.statusCode, connection: response.headers.connection });
    });
    outgoing.on('error', reject);
  });
}
