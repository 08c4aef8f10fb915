/**
 * OpenTelemetry tracing of a server process, started by the preload (tracing-preload.ts) before the
 * server's own modules load, and only when an OTLP endpoint is configured: spans go in batches to
 * the receiver over OTLP/HTTP with protobuf bodies. What is traced:
 * - every HTTP request the server takes (a SERVER span, a child of its W3C `traceparent`) and makes
 *   within a trace (a CLIENT span, its `traceparent` sent on);
 * - every request Fastify answers, from an HTTP client or `app.inject` (the site server's reads of
 *   the API in its process, which carry the page's `traceparent`): one span (@fastify/otel);
 * - each SQL statement on PostgreSQL (the pg driver) and on PGlite (db/connect.ts's spans);
 * - the site server's render of a page (deploy's server-render), with the versions that rendered it.
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { markTracing } from './trace-context';
import type { TracingSettings } from './tracing-settings';

export interface Tracing {
  /** Sends the spans still buffered (a stopping server calls it before it exits). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function startTracing(settings: TracingSettings): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  });
  // The global tracer provider, AsyncLocalStorage for the active span, and W3C trace context.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Started before Fastify routes the request: its first log line already carries the trace.
      new HttpInstrumentation({ requireParentforOutgoingSpans: true }),
      // One span a request: hooks and handlers get none of their own (the render and SQL have theirs).
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
      }),
      // A statement outside any request (a sweep, a migration) starts no trace of its own.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  const tracing: Tracing = {
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
  markTracing(tracing);
  return tracing;
}
