/**
 * Tracing end to end: the site server (with the API in its process) runs as `npm run serve` runs
 * it, with its preload and an OTLP endpoint set; an OTLP/HTTP receiver here decodes what it exports
 * with OpenTelemetry's own protobuf definitions. A server-rendered page whose remote reads the API
 * is one trace: the page's request, its render (with the versions that rendered it), the API read
 * it made and that read's SQL, each the child of the one before; its log lines carry its trace id.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// OpenTelemetry's protobuf classes (protobufjs, generated from opentelemetry-proto), as
// @opentelemetry/otlp-transformer 0.57 shipped them; its declarations type them as a bare Root.
import protoRoot from 'otlp-proto-root/build/src/generated/root';
import { APP_NAMES, type BuildMeta } from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from '../publish';

const DEPLOY_DIR = path.resolve(__dirname, '../..');
/** This suite's ports (helper range 24000-24999), one pair a Jest worker. */
const BASE_PORT = 24100 + 2 * Number(process.env.JEST_WORKER_ID ?? '0');

/** The fields of an ExportTraceServiceRequest this test reads. */
interface AnyValue {
  stringValue?: string | null;
  boolValue?: boolean | null;
  intValue?: { toString(): string } | number | null;
  doubleValue?: number | null;
}
interface KeyValue {
  key: string;
  value?: AnyValue | null;
}
interface DecodedRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] } | null;
    scopeSpans?: Array<{
      spans?: Array<{
        traceId?: Uint8Array;
        spanId?: Uint8Array;
        parentSpanId?: Uint8Array;
        name?: string;
        kind?: number;
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
}
const { opentelemetry } = protoRoot as unknown as {
  opentelemetry: {
    proto: {
      collector: {
        trace: { v1: { ExportTraceServiceRequest: { decode(body: Uint8Array): DecodedRequest } } };
      };
      trace: { v1: { Span: { SpanKind: { SPAN_KIND_SERVER: number } } } };
    };
  };
};
const ExportTraceServiceRequest = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

const valueOf = (value: AnyValue | null | undefined): string | number | boolean =>
  value?.stringValue ??
  value?.boolValue ??
  (value?.intValue != null ? Number(value.intValue.toString()) : (value?.doubleValue ?? ''));

const hex = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString('hex');

/** An OTLP/HTTP receiver: protobuf bodies POSTed to /v1/traces, decoded span by span. */
function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const waiting = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = String(request.headers['content-type'] ?? '');
      contentTypes.add(type);
      if (request.method !== 'POST' || request.url !== '/v1/traces' || type !== 'application/x-protobuf') {
        response.writeHead(415).end();
        return;
      }
      const message = ExportTraceServiceRequest.decode(Buffer.concat(chunks));
      for (const resourceSpans of message.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
          ?.stringValue;
        for (const scopeSpans of resourceSpans.scopeSpans ?? [])
          for (const span of scopeSpans.spans ?? [])
            spans.push({
              service: service ?? '',
              traceId: hex(span.traceId),
              spanId: hex(span.spanId),
              parentSpanId: hex(span.parentSpanId),
              name: span.name ?? '',
              kind: span.kind ?? 0,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map((attribute) => [attribute.key, valueOf(attribute.value)]),
              ),
            });
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      for (const wake of waiting) wake();
    });
  });
  /** Resolves with `find`'s first answer that is not undefined, checked as each export arrives. */
  const waitFor = <T>(find: (spans: ReceivedSpan[]) => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const check = () => {
        const found = find(spans);
        if (found === undefined) return;
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
    });
  return { server, spans, contentTypes, waitFor };
}

/** The shell's server container: the remote's HTML inside its chrome. */
const SHELL_SERVER = `const server = {
  firstReads: () => [],
  renderToHtml: async ({ remote }) => ({ html: '<main>' + (remote ? remote.html : '') + '</main>', head: null }),
};
module.exports = { init: () => undefined, get: (request) => Promise.resolve(() => (request === './server' ? server : undefined)) };`;

/** The gallery's: its page reads the styles from the API and names them. */
const GALLERY_SERVER = `const server = {
  firstReads: () => ['/api/styles'],
  renderToHtml: async ({ data }) => {
    const page = data['/api/styles'];
    return { html: '<h1>Styles: ' + (page ? page.items.map((style) => style.name).join(', ') : 'none') + '</h1>', data, head: null };
  },
};
module.exports = { init: () => undefined, get: (request) => Promise.resolve(() => (request === './server' ? server : undefined)) };`;

const SHELL_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ArtToy Club</title></head>' +
  '<body><div id="root"></div><script defer src="/%SHELL_BASE%/main.js"></script></body></html>';

async function publishSite(tmp: string): Promise<BuildMeta> {
  const apps = {} as BuildMeta['apps'];
  for (const name of APP_NAMES) {
    const dir = path.join(tmp, 'dists', name);
    await fs.mkdir(path.join(dir, 'server'), { recursive: true });
    await fs.writeFile(path.join(dir, name === 'shell' ? 'main.js' : 'remoteEntry.js'), `var ${name} = {};`);
    if (name === 'shell') await fs.writeFile(path.join(dir, 'index.html'), SHELL_INDEX);
    if (name === 'shell' || name === 'mf_gallery')
      await fs.writeFile(
        path.join(dir, 'server/remoteEntry.js'),
        name === 'shell' ? SHELL_SERVER : GALLERY_SERVER,
      );
    apps[name] = await publishApp(name, dir);
  }
  return (await writeBuild(apps)).meta;
}

let tmp: string;
let meta: BuildMeta;
let receiver: ReturnType<typeof otlpReceiver>;
let site: ChildProcess;
const logLines: Record<string, unknown>[] = [];
let page: { status: number; body: string };

/** Resolves once the server's stdout has a line `match` accepts; rejects if it exits first. */
function waitForLine(child: ChildProcess, match: (line: Record<string, unknown>) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (logLines.some(match)) {
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`The site server exited (${code}) before it was ready.`)));
  });
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-tracing-'));
  const origin = path.join(tmp, 'origin');
  process.env.ORIGIN_DIR = origin;
  try {
    meta = await publishSite(tmp);
  } finally {
    delete process.env.ORIGIN_DIR;
  }
  receiver = otlpReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(BASE_PORT, '127.0.0.1', resolve));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('FIREBASE_') && !name.startsWith('OTEL_'),
    ),
  );
  site = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './src/observability/tracing-preload.ts', 'src/server.ts'],
    {
      cwd: DEPLOY_DIR,
      env: {
        ...env,
        NODE_ENV: 'test',
        PORT: String(BASE_PORT + 1),
        HOST: '127.0.0.1',
        ORIGIN_DIR: origin,
        DATABASE_URL: 'memory:',
        AUTH_EMULATOR: 'off',
        DEPLOY_PORT: 'off',
        LOG_FORMAT: 'json',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`,
        // Spans leave in batches every 100 ms instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let rest = '';
  site.stdout?.setEncoding('utf8');
  site.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
  });
  await waitForLine(site, (line) => String(line.msg).startsWith('ArtToy Club is served at'));
  const response = await fetch(`http://127.0.0.1:${BASE_PORT + 1}/gallery`);
  page = { status: response.status, body: await response.text() };
}, 120_000);

afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((resolve) => site.once('exit', resolve));
    site.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => receiver?.server.close(resolve));
  await fs.rm(tmp, { recursive: true, force: true });
});

/** The page's spans once its trace holds a SQL statement under the API read under the render. */
function pageTrace(spans: ReceivedSpan[]) {
  const render = spans.find(
    (span) => span.name === 'render page' && span.attributes['url.path'] === '/gallery',
  );
  if (!render) return undefined;
  const trace = spans.filter((span) => span.traceId === render.traceId);
  const read = trace.find(
    (span) => span.attributes['url.path'] === '/api/styles' && span.parentSpanId === render.spanId,
  );
  const sql =
    read && trace.find((span) => span.parentSpanId === read.spanId && 'db.query.text' in span.attributes);
  // The page's request spans end after its render: the receiver may have them in a later export.
  const request = sql && trace.find((span) => span.spanId === render.parentSpanId);
  const root = request && trace.find((span) => span.spanId === request.parentSpanId);
  return root ? { render, read, sql, request, root, trace } : undefined;
}

describe('a server-rendered page with tracing on', () => {
  it('is one trace: its request, its render with the versions that rendered it, its API read and the SQL', async () => {
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Styles: ');
    const { render, read, sql, request, root } = await receiver.waitFor(pageTrace);
    expect(receiver.contentTypes).toEqual(new Set(['application/x-protobuf']));

    // The page's request: the HTTP server span at the root, Fastify's request span, then the render.
    expect(request.attributes['http.route']).toBe('/*');
    expect(root).toMatchObject({
      kind: opentelemetry.proto.trace.v1.Span.SpanKind.SPAN_KIND_SERVER,
      parentSpanId: '',
    });
    expect(render).toMatchObject({
      service: 'arttoy-site',
      attributes: {
        'arttoy.page.owner': 'mf_gallery',
        'arttoy.version.shell': meta.apps.shell.version,
        'arttoy.version.mf_gallery': meta.apps.mf_gallery.version,
      },
    });
    expect(read.attributes['http.route']).toBe('/api/styles');
    expect(sql.attributes['db.system.name']).toBe('postgresql');
    expect(String(sql.attributes['db.query.text'])).toMatch(/^\s*select/i);
  });

  it('writes log lines that carry its trace id, the API read included', async () => {
    const { render } = await receiver.waitFor(pageTrace);
    const requestIdOf = (url: string) =>
      logLines.find((line) => (line.req as { url?: string } | undefined)?.url === url)?.reqId;
    const pageRequest = requestIdOf('/gallery');
    const apiRead = requestIdOf('/api/styles');
    expect(pageRequest).toBeDefined();
    expect(apiRead).toBeDefined();
    const lines = logLines.filter((line) => line.reqId === pageRequest || line.reqId === apiRead);
    // Each one's "incoming request" and "request completed" at least.
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      expect(line.trace_id).toBe(render.traceId);
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
  });
});
