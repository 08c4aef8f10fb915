/**
 * The servers' logger (`npm start`'s site server and `npm start -w api`): pino, as Fastify logs, in
 * the format `logFormatFrom` chose. Pretty lines are for a developer's terminal: one line a
 * request, start-up lines in bold green, no pid or hostname. JSON lines are pino's and Fastify's own,
 * unchanged, for anything that reads them.
 */
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty, { type MessageFormatFunc } from 'pino-pretty';
import {
  currentTraceIds,
  LOGGER_TRACE,
  requestTraceIds,
  type TraceIds,
} from '../observability/trace-context';
import { type LogFormat, STARTUP } from './log-format';

export interface ServerLogSettings {
  level?: string;
  /** Paths pino writes as "[Redacted]" (a request's authorization header). */
  redact?: string[];
  /** Where lines go: stdout unless a test gives a stream. */
  destination?: DestinationStream;
  /** Colours in pretty lines: by default when the terminal takes them (NO_COLOR, FORCE_COLOR). */
  colorize?: boolean;
}

export interface ServerLog {
  logger: Logger;
  format: LogFormat;
  /** Spread into `Fastify({...})`: the logger, and in pretty format one line a request. */
  fastifyOptions: {
    loggerInstance: FastifyBaseLogger;
    logController?: LogController;
    childLoggerFactory: FastifyChildLoggerFactory;
  };
}

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * `trace_id` and `span_id` on every line written inside a request or a span: the active span's
 * (tracing on), else the request's own (trace-context.ts), else those its logger was made with.
 */
function traceMixin(_object: object, _level: number, logger: Logger): Partial<TraceIds> {
  const ids = currentTraceIds() ?? (logger as unknown as Record<symbol, TraceIds | undefined>)[LOGGER_TRACE];
  // A new object each line: pino merges the line's fields into what the mixin returns.
  return ids ? { trace_id: ids.trace_id, span_id: ids.span_id } : {};
}

/** A request's logger keeps its trace ids: a line written outside its async context still carries them. */
const childLoggerFactory: FastifyChildLoggerFactory = function (logger, bindings, options, request) {
  const child = logger.child(bindings, options);
  (child as unknown as Record<symbol, TraceIds>)[LOGGER_TRACE] = requestTraceIds(request.headers.traceparent);
  return child;
};

/** A request as the one pretty line says it. */
interface RequestLine {
  method: string;
  url: string;
  statusCode: number;
  ms: number;
}

/**
 * One line a request when it is answered, instead of Fastify's two ("incoming request" and
 * "request completed", the second without the URL): a page load is a dozen requests.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  /** The request's line says 404. */
  override routeNotFound(): void {}

  /** Fastify's error handler: the error and its stack; the request's own line follows. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ err: error }, error.message);
    else reply.log.info(error.message);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line: RequestLine = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ request: line, err: error }, 'request errored');
    else reply.log.info({ request: line }, 'request completed');
  }
}

/** The message of a pretty line: `GET /gallery 200 12 ms` for a request, start-up lines in bold. */
export const prettyMessage: MessageFormatFunc = (log, messageKey, _levelLabel, { colors }) => {
  const message = String(log[messageKey] ?? '');
  if (log.startup === true) return colors.bold(colors.green(message));
  const request = log.request as RequestLine | undefined;
  if (!request) return message;
  const status =
    request.statusCode >= 500 ? colors.red : request.statusCode >= 400 ? colors.yellow : colors.green;
  return `${request.method} ${request.url} ${status(String(request.statusCode))} ${colors.gray(`${request.ms} ms`)}`;
};

export function createServerLog(format: LogFormat, settings: ServerLogSettings = {}): ServerLog {
  const options = {
    level: settings.level ?? 'info',
    mixin: traceMixin,
    ...(settings.redact ? { redact: settings.redact } : {}),
  };
  if (format === 'json') {
    const logger = settings.destination ? pino(options, settings.destination) : pino(options);
    return { logger, format, fastifyOptions: { loggerInstance: logger, childLoggerFactory } };
  }
  const stream = pretty({
    // In this thread, in order with anything else written to the terminal.
    sync: true,
    destination: settings.destination ?? 1,
    ...(settings.colorize === undefined ? {} : { colorize: settings.colorize }),
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // A terminal's reader follows one request a line; the ids are for machines (JSON lines).
    ignore: 'pid,hostname,reqId,request,startup,trace_id,span_id',
    messageFormat: prettyMessage,
  });
  const logger = pino(
    {
      ...options,
      // A start-up line says it all in its message; its fields stay in JSON lines only.
      formatters: { log: (object) => (object.startup === true ? STARTUP : object) },
    },
    stream,
  );
  return {
    logger,
    format,
    fastifyOptions: { loggerInstance: logger, logController: new OneLineRequestLog(), childLoggerFactory },
  };
}
