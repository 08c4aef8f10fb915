/**
 * The floor the API is measured against: a plain `node:http` + `pg` server answering the bench's
 * catalogue read (`GET /api/figures?series=…&page=…&pageSize=…`) with the same SQL the API runs and
 * the same JSON, and the purchase path's four requests with the API's statements
 * (bench/floor-purchase.ts). No framework, no validation beyond what the queries need, no headers
 * but the content type: what Node and PostgreSQL give on this machine. `api/bench/load.ts` checks
 * its catalogue answer equals the API's before loading either. Several instances run as the API's
 * do, under src/cluster.ts (API_CLUSTER_WORKER=bench/floor-server.ts). Never used to serve visitors.
 */
import http from 'node:http';
import { Pool } from 'pg';
// The art version its URLs carry (a constant: the figure art module is only loaded, never run per request).
import { ART_VERSION } from '../src/domain/figure-art';
import { FloorRefusal, purchaseFloor } from './floor-purchase';

const port = Number(process.env.API_PORT);
if (!Number.isInteger(port)) throw new Error('API_PORT must be set to a port number.');
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres'))
  throw new Error('DATABASE_URL must name a PostgreSQL database (postgres://…).');

// The pool the API uses by default (plugins/database.ts: 10 connections).
const pool = new Pool({ connectionString: url, max: Number(process.env.POOL_SIZE ?? 10) });

// The statement the API's listFigures sends for a series filter in catalogue order (drizzle's text).
const SQL =
  'select "figures"."id", "figures"."slug", "figures"."name", "figures"."description", "figures"."number", "figures"."rarity", ' +
  '"figures"."height_mm", "series"."slug", "series"."name", "styles"."slug", "styles"."name", (count(*) over ())::int ' +
  'from "figures" inner join "series" on "figures"."series_id" = "series"."id" inner join "styles" on "series"."style_id" = "styles"."id" ' +
  'where "series"."slug" = $1 order by "styles"."position" asc, "styles"."id" asc, "series"."position" asc, "series"."id" asc, ' +
  '"figures"."number" asc, "figures"."id" asc limit $2 offset $3';

type Row = [number, string, string, string, number, string, number, string, string, string, string, number];

async function figures(search: URLSearchParams) {
  const seriesSlug = search.get('series') ?? '';
  const page = Number(search.get('page') ?? 1);
  const pageSize = Number(search.get('pageSize') ?? 24);
  // Named, as the API's statement is: each connection parses and plans it once.
  const { rows } = await pool.query<Row>({
    name: 'figures_page',
    text: SQL,
    values: [seriesSlug, pageSize, (page - 1) * pageSize],
    rowMode: 'array',
  });
  const total = rows[0]?.[11] ?? 0;
  return {
    items: rows.map(
      ([id, slug, name, description, number, rarity, heightMm, sSlug, sName, stSlug, stName]) => ({
        id,
        slug,
        name,
        description,
        number,
        rarity,
        heightMm,
        artUrl: `/api/figures/${encodeURIComponent(slug)}/art.svg?v=${ART_VERSION}`,
        series: { slug: sSlug, name: sName },
        style: { slug: stSlug, name: stName },
      }),
    ),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

const purchases = purchaseFloor(pool);

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The purchase path's four routes (bench/purchase.ts); null for any other request. */
async function purchase(
  request: http.IncomingMessage,
  pathname: string,
): Promise<{ status: number; body: unknown; location?: string } | null> {
  if (request.method !== 'POST') return null;
  const text = await readBody(request);
  const { authorization } = request.headers;
  if (pathname === '/api/orders') {
    return {
      status: 201,
      body: await purchases.order(
        authorization,
        String(request.headers['idempotency-key']),
        JSON.parse(text) as { boxModelId?: unknown },
      ),
    };
  }
  const paying = /^\/api\/orders\/([^/]+)\/payments$/.exec(pathname);
  if (paying)
    return {
      status: 201,
      body: await purchases.startPayment(authorization, decodeURIComponent(paying[1] ?? '')),
    };
  if (pathname === '/api/payments/sandbox/checkout') {
    return {
      status: 303,
      body: null,
      location: await purchases.approve(new URLSearchParams(text).get('token') ?? ''),
    };
  }
  if (pathname === '/api/payments/capture')
    return {
      status: 200,
      body: await purchases.capture(authorization, String((JSON.parse(text) as { token?: unknown }).token)),
    };
  return null;
}

const server = http.createServer((request, response) => {
  const target = new URL(request.url ?? '/', 'http://floor');
  const answer = (status: number, body: unknown, location?: string) => {
    const json = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      ...(location ? { location } : {}),
    });
    response.end(json);
  };
  const failed = (error: Error) =>
    answer(error instanceof FloorRefusal ? error.status : 500, { error: error.message });
  if (target.pathname === '/api/health') return answer(200, { status: 'ok' });
  if (target.pathname === '/api/figures') {
    figures(target.searchParams).then((body) => answer(200, body), failed);
    return;
  }
  purchase(request, target.pathname).then(
    (done) => (done ? answer(done.status, done.body, done.location) : answer(404, { error: 'not found' })),
    failed,
  );
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// As a worker of src/cluster.ts.
process.on('message', (message) => message === 'shutdown' && stop());
