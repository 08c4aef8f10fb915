/**
 * A span for each SQL statement on PGlite, as the pg driver's instrumentation makes them on
 * PostgreSQL: wrapped around the client's entry points drizzle calls (`query`, `exec`, and the
 * same in a transaction), only when tracing is on and only inside a traced request.
 */
import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { PGlite, Transaction } from '@electric-sql/pglite';

const MAX_TEXT = 2_000;

interface Statements {
  query: PGlite['query'];
  exec: PGlite['exec'];
}

function statementSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return run();
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  return trace.getTracer('arttoy-api/pglite').startActiveSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text,
        'arttoy.db.engine': 'pglite',
      },
    },
    async (span: Span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function wrapStatements(target: Statements): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) =>
    statementSpan(text, () =>
      (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as PGlite['query'];
  target.exec = ((text: string, ...rest: unknown[]) =>
    statementSpan(text, () =>
      (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as PGlite['exec'];
}

/** Spans for `client`'s statements from now on. */
export function traceStatements(client: PGlite): void {
  wrapStatements(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      wrapStatements(tx);
      return callback(tx);
    })) as PGlite['transaction'];
}
