/**
 * A page's reads of the API in its process carry its trace (tracing off here): the page's log
 * lines and its reads' lines share one trace id.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createServerLog, registerRequestTrace } from '@arttoy/api';
import { readPublicAnswer } from './read-public-answer';

it("gives the API's lines the page's trace id", async () => {
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
  app.get('/api/styles', (request, reply) => {
    request.log.info('reading styles');
    return reply.send({ items: [] });
  });
  app.get('/gallery', (_request, reply) =>
    readPublicAnswer(app, '/api/styles').then((answer) => reply.send(answer)),
  );

  const answer = await app.inject({ url: '/gallery' });
  expect(answer.json()).toEqual({ items: [] });
  const requests = new Set(lines.map((line) => line.reqId));
  // The page's request and its read, each with its lines.
  expect(requests.size).toBe(2);
  expect(lines.map((line) => line.msg)).toContain('reading styles');
  const traceIds = new Set(lines.map((line) => line.trace_id));
  expect(traceIds.size).toBe(1);
  expect([...traceIds][0]).toMatch(/^[0-9a-f]{32}$/);
  await app.close();
});
