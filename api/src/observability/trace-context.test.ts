/**
 * With tracing off, each request still has a trace id: its `traceparent`'s, or a new one. Every
 * log line written while it is answered carries it (Fastify's own lines too), and the requests it
 * makes carry it on.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createServerLog } from '../logging/server-log';
import { registerRequestTrace, traceHeaders, tracingOn } from './trace-context';

function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ ...createServerLog('json', { destination }).fastifyOptions });
  registerRequestTrace(app);
  app.get('/page', (request) => {
    request.log.info('rendering');
    // Read after an asynchronous step, as a render's reads are.
    return new Promise((resolve) => setImmediate(resolve)).then(() => ({ headers: traceHeaders() }));
  });
  return { app, lines };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('trace ids with tracing off', () => {
  it('is off in this process', () => {
    expect(tracingOn()).toBe(false);
  });

  it("take the incoming traceparent's trace id on every line of the request, and pass it on", async () => {
    const { app, lines } = loggedApp();
    const answer = await app.inject({
      url: '/page',
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    const passedOn = (answer.json() as { headers: { traceparent: string } }).headers.traceparent;
    expect(passedOn).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-00$`));
    // "incoming request", the handler's line, "request completed".
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'rendering', 'request completed']);
    for (const line of lines) {
      expect(line.trace_id).toBe(TRACE_ID);
      expect(line.span_id).toBe(passedOn.split('-')[2]);
    }
    await app.close();
  });

  it('make a trace id for a request without one (or with a malformed one), one per request', async () => {
    const { app, lines } = loggedApp();
    await app.inject({ url: '/page' });
    await app.inject({ url: '/page', headers: { traceparent: '00-zz-yy-01' } });
    const ids = new Set(lines.map((line) => line.trace_id));
    expect(ids.size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.filter((line) => line.trace_id === undefined)).toEqual([]);
    await app.close();
  });
});
