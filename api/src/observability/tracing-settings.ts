/**
 * Whether the servers export traces, from OpenTelemetry's standard variables: off unless
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the traces URL itself) or OTEL_EXPORTER_OTLP_ENDPOINT (a
 * collector's base URL, `/v1/traces` appended) is set. Read by the preload that starts tracing and
 * by the servers' settings (which refuse a bad value before anything opens); no dependencies, so
 * the preload costs nothing when tracing is off.
 */
export interface TracingSettings {
  /** Where spans are POSTed, OTLP over HTTP with protobuf bodies. */
  url: string;
  /** `service.name` of every span: OTEL_SERVICE_NAME, else the server's own. */
  serviceName: string;
}

function otlpUrl(name: string, value: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw new Error(
      `${name} must be the http(s) URL of an OTLP/HTTP receiver (such as http://127.0.0.1:4318), or unset for no tracing; got "${value}".`,
    );
  return url;
}

/** The traces URL the environment names, or null (tracing off); throws naming a bad setting. */
export function tracesUrlFrom(env: NodeJS.ProcessEnv): string | null {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() ?? '';
  if (traces !== '') return otlpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', traces).href;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ?? '';
  if (base === '') return null;
  const url = otlpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', base);
  // The specification's rule: the signal's path is appended to the base URL's path.
  return new URL(`${url.pathname.replace(/\/$/, '')}/v1/traces`, url).href;
}

/** OTEL_SERVICE_NAME, else `fallback` (arttoy-api, arttoy-site). */
export function serviceNameFrom(env: NodeJS.ProcessEnv, fallback: string): string {
  const name = env.OTEL_SERVICE_NAME?.trim() ?? '';
  if (name === '') return fallback;
  if (!/^[\w.:/-]{1,128}$/.test(name))
    throw new Error(
      `OTEL_SERVICE_NAME must be up to 128 letters, digits, "_", "-", ".", ":" or "/" (such as ${fallback}); got "${env.OTEL_SERVICE_NAME}".`,
    );
  return name;
}

/** The samplers OpenTelemetry's SDK takes from OTEL_TRACES_SAMPLER (it reads the variable itself). */
const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracesSampler = (typeof SAMPLERS)[number];

/**
 * OTEL_TRACES_SAMPLER (default parentbased_always_on: every page traced) and, for the ratio
 * samplers, OTEL_TRACES_SAMPLER_ARG (the share of traces kept, 0 to 1, default 1): checked here,
 * so a mistake stops the start instead of the SDK quietly falling back to tracing everything.
 */
export function samplerFrom(env: NodeJS.ProcessEnv): { sampler: TracesSampler; ratio: number } {
  const name = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  if (!(SAMPLERS as readonly string[]).includes(name))
    throw new Error(
      `OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')} (parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0.1 keeps one trace in ten); got "${env.OTEL_TRACES_SAMPLER}".`,
    );
  const text = env.OTEL_TRACES_SAMPLER_ARG?.trim() ?? '';
  const ratio = text === '' ? 1 : Number(text);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(text === '' ? '1' : text) || ratio < 0 || ratio > 1)
    throw new Error(
      `OTEL_TRACES_SAMPLER_ARG must be the share of traces kept, a number from 0 to 1 such as 0.1; got "${env.OTEL_TRACES_SAMPLER_ARG}".`,
    );
  return { sampler: name as TracesSampler, ratio };
}

/** Tracing's settings, or null when it is off. */
export function tracingFrom(env: NodeJS.ProcessEnv, defaultServiceName: string): TracingSettings | null {
  const url = tracesUrlFrom(env);
  return url === null ? null : { url, serviceName: serviceNameFrom(env, defaultServiceName) };
}
