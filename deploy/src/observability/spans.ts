/**
 * The site server's own spans (a page's render): recorded when the preload started tracing, and
 * with it off `work` simply runs (no span, no cost).
 */
import { type Attributes, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracingOn } from '@arttoy/api/trace-context';

export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return work(null);
  return trace.getTracer('arttoy-site').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
