/**
 * `src/server.ts` stopped by SIGTERM as a deploy stops it, while a request is in flight (its client
 * still sending the body) and a live feed stream is open: readiness fails at once and new answers
 * say `Connection: close`; after the drain window the stream is ended by the server, the request
 * still finishes with its whole answer, and the process exits 0 on its own.
 */
import http from 'node:http';
import { type ApiProcess, startApiProcess } from '../test/api-process';
import { openEventStream } from '../test/event-stream';
import { holdUpload, probe } from '../test/held-request';

const BEACON = JSON.stringify({
  route: '/rules/terms_of_service',
  build: 'drain-test-build',
  versions: { shell: '1.0.0-drain' },
  views: 1,
  errors: [],
});

describe('the API server stopped by SIGTERM', () => {
  let api: ApiProcess | undefined;
  afterEach(() => api?.stop());

  it('drains: readiness fails at once, the request in flight finishes, the stream ends, exit 0', async () => {
    api = await startApiProcess('src/server.ts', {
      DATABASE_URL: 'memory:',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // The window in which the draining server still answers new requests: the probes below are
      // sent as soon as the drain is logged, well within it.
      API_DRAIN_MS: '10000',
    });
    const { base, child } = api;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await probe(`${base}/api/readyz`)).toEqual({ status: 200, connection: 'keep-alive' });
      const feed = await openEventStream(`${base}/api/feed`);
      await feed.until((stream) => stream.frames.some((frame) => frame.retry !== null));
      const upload = holdUpload(agent, `${base}/api/field`, BEACON);
      await api.waitForOutput(/"url":"\/api\/field"[^\n]*"msg":"incoming request"/);

      child.kill('SIGTERM');
      await api.waitForOutput(/"msg":"shutting down: draining"/);
      expect(await probe(`${base}/api/readyz`)).toEqual({ status: 503, connection: 'close' });

      // The close begins after the window: the server ends the stream, then waits for the request.
      await feed.closed;
      await api.waitForOutput(/"msg":"closing: waiting for running requests to finish"/);
      const answer = await upload.finish();
      expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
        status: 202,
        body: { views: 1, errors: 0, vitals: 0 },
      });
    } finally {
      agent.destroy();
    }
    // Exits 0 by itself, warning of nothing (such as requests cut off by the close's time limit).
    expect({
      code: await exited,
      warnings: api
        .output()
        .split('\n')
        .filter((line) => /^\{"level":(40|50|60)/.test(line)),
    }).toEqual({ code: 0, warnings: [] });
  }, 60_000);
});
