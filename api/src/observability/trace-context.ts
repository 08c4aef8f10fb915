/**
 * What a request's code knows of its trace, traced or not: the trace and span ids its log lines
 * carry, and the `traceparent` its reads of the API send on, so that a page's lines and its API
 * reads' lines share one trace id. With tracing on, the active OpenTelemetry span is the answer;
 * with it off, each request takes the incoming `traceparent`'s trace id or makes one
 * (registerRequestTrace), and nothing of OpenTelemetry's SDK is loaded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { context, isSpanContextValid, propagation, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface TraceIds {
  /** 32 lowercase hex digits. */
  trace_id: string;
  /** 16 lowercase hex digits. */
  span_id: string;
}

const TRACING = Symbol.for('arttoy.tracing');
/** The request's ids, with tracing off (or before its span starts). */
const requestIds = new AsyncLocalStorage<TraceIds>();
/** On a request's child logger: its ids, for lines written outside its async context (Fastify's "request completed"). */
export const LOGGER_TRACE = Symbol('arttoy.traceIds');

interface TracingHandle {
  flush(): Promise<void>;
}

/** Called by startTracing: from now on spans are recorded and exported. */
export function markTracing(handle: TracingHandle): void {
  (globalThis as Record<symbol, unknown>)[TRACING] = handle;
}

/** Whether tracing was started in this process (by the preload). */
export function tracingOn(): boolean {
  return (globalThis as Record<symbol, unknown>)[TRACING] !== undefined;
}

/** Sends the buffered spans; nothing when tracing is off. */
export async function flushTraces(): Promise<void> {
  await ((globalThis as Record<symbol, unknown>)[TRACING] as TracingHandle | undefined)?.flush();
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** A `traceparent` header's trace id and its parent's span id; null for a missing or malformed one. */
export function parseTraceparent(value: unknown): TraceIds | null {
  if (typeof value !== 'string') return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { trace_id: match[1]!, span_id: match[2]! };
}

function activeSpanIds(): TraceIds | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext)
    ? { trace_id: spanContext.traceId, span_id: spanContext.spanId }
    : null;
}

/** The ids of the code running now: its active span's, else its request's; null outside any request. */
export function currentTraceIds(): TraceIds | null {
  return (tracingOn() ? activeSpanIds() : null) ?? requestIds.getStore() ?? null;
}

/** Headers that carry the current trace to a request this one makes (the API reads of a page). */
export function traceHeaders(): Record<string, string> {
  if (tracingOn()) {
    const headers: Record<string, string> = {};
    propagation.inject(context.active(), headers);
    if (headers.traceparent) return headers;
  }
  const ids = requestIds.getStore();
  // Not sampled: nothing records this hop's spans, it only carries the id.
  return ids ? { traceparent: `00-${ids.trace_id}-${ids.span_id}-00` } : {};
}

/**
 * A request's ids as it arrives: its HTTP span's (tracing on), else the trace id of its
 * `traceparent` (a page's read of the API) or a new one, with a span id of its own.
 */
export function requestTraceIds(traceparent: unknown): TraceIds {
  const span = tracingOn() ? activeSpanIds() : null;
  if (span) return span;
  const parent = parseTraceparent(traceparent);
  return {
    trace_id: parent?.trace_id ?? randomBytes(16).toString('hex'),
    span_id: randomBytes(8).toString('hex'),
  };
}

/**
 * On a server's root instance, as its first hook: each request's code runs with its trace ids
 * (its span's once @fastify/otel has started it, else its own), which its child logger keeps too.
 */
export function registerRequestTrace(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const logged = (request.log as unknown as Record<symbol, TraceIds | undefined>)[LOGGER_TRACE];
    const ids = logged ?? requestTraceIds(request.headers.traceparent);
    const span = tracingOn() ? activeSpanIds() : null;
    if (span) Object.assign(ids, span);
    requestIds.run(ids, done);
  });
}

/** `fn` bound to the current request's trace (a document's rest, made while the stream is read). */
export function bindToRequest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return AsyncLocalStorage.bind(fn);
}
