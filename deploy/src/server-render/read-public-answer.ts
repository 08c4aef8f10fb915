import type { FastifyInstance } from 'fastify';
import { traceHeaders } from '@arttoy/api/trace-context';
import { NOT_FOUND_ANSWER } from '@arttoy/shared/contracts';

/**
 * One of a page's first reads, answered by the API in this process (no HTTP hop to itself) with no
 * cookies or credentials, so only public answers ever land in a document another visitor may get.
 * A 404 is NOT_FOUND_ANSWER; anything else but a 200 JSON answer is undefined: the page then
 * reads it itself. The read carries the page's trace (W3C `traceparent`): its spans, its SQL and
 * its log lines join the page's trace.
 */
export async function readPublicAnswer(app: FastifyInstance, url: string): Promise<unknown> {
  if (!url.startsWith('/api/')) return undefined;
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', ...traceHeaders() },
  });
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  if (answer.statusCode === 404) return NOT_FOUND_ANSWER;
  if (answer.statusCode !== 200) return undefined;
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return undefined;
  }
}
