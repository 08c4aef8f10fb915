/**
 * A server-sent events client over node:http, as EventSource reads a stream (for tests and the
 * feed bench): frames parsed as they arrive, comments kept apart, waits for what a test expects.
 */
import http from 'node:http';

export interface StreamFrame {
  id: string | null;
  event: string | null;
  data: string;
  retry: number | null;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text when the answer is not a stream (an error's JSON). */
  body(): Promise<string>;
  frames: StreamFrame[];
  comments: string[];
  /** Whether the server ended or cut the stream. */
  ended: boolean;
  /** Resolves once `done` holds for what arrived (checked on each chunk); rejects if the stream ends first or after `timeoutMs`. */
  until(done: (stream: EventStream) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended or cut the stream. */
  closed: Promise<void>;
  /** Called with each frame as it is parsed (the bench measures latency with it). */
  onFrame: ((frame: StreamFrame) => void) | null;
  close(): void;
}

export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent: agent ?? false },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        const waiters = new Set<() => void>();
        let markClosed: () => void = () => undefined;
        const whole = new Promise<string>((done) => response.on('end', () => done(buffer)));
        const stream: EventStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          frames: [],
          comments: [],
          ended: false,
          onFrame: null,
          closed: new Promise<void>((done) => (markClosed = done)),
          body: () => whole,
          until(done, timeoutMs = 10_000) {
            return new Promise((resolveWait, rejectWait) => {
              const check = () => {
                if (done(stream)) {
                  finish();
                  resolveWait();
                } else if (stream.ended) {
                  finish();
                  rejectWait(
                    new Error(
                      `The stream ended before the expected frames: ${JSON.stringify(stream.frames.slice(-3))}`,
                    ),
                  );
                }
              };
              const timer = setTimeout(() => {
                finish();
                rejectWait(
                  new Error(
                    `The expected frames did not arrive within ${timeoutMs} ms; got ${stream.frames.length}: ${JSON.stringify(stream.frames.slice(-3))}`,
                  ),
                );
              }, timeoutMs);
              const finish = () => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            });
          },
          close: () => outgoing.destroy(),
        };
        const isStream = String(response.headers['content-type']).startsWith('text/event-stream');
        const ended = () => {
          stream.ended = true;
          markClosed();
          for (const waiter of waiters) waiter();
        };
        response.on('end', ended);
        response.on('close', ended);
        response.on('error', ended);
        if (isStream) {
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const frame: StreamFrame = { id: null, event: null, data: '', retry: null };
              let hasField = false;
              for (const line of block.split('\n')) {
                if (line.startsWith(':')) {
                  stream.comments.push(line.slice(1).trim());
                  continue;
                }
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                hasField = true;
                if (field === 'id') frame.id = value;
                else if (field === 'event') frame.event = value;
                else if (field === 'data') frame.data = frame.data ? `${frame.data}\n${value}` : value;
                else if (field === 'retry') frame.retry = Number(value);
              }
              if (hasField) {
                stream.frames.push(frame);
                stream.onFrame?.(frame);
              }
            }
            for (const waiter of waiters) waiter();
          });
        } else {
          response.on('data', (chunk: string) => (buffer += chunk));
        }
        resolve(stream);
      },
    );
    outgoing.on('error', reject);
  });
}

/** The feed events among the frames (those with an id), as parsed JSON. */
export const eventsOf = <T>(stream: EventStream): T[] =>
  stream.frames.filter((frame) => frame.id !== null).map((frame) => JSON.parse(frame.data) as T);
