/**
 * The listener for Prometheus: `GET /metrics` on METRICS_HOST:METRICS_PORT, apart from the public
 * port (a load balancer forwards only that one), answering the text exposition format. Anything
 * else is a 404; a scrape that fails is a 500 with the reason, logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** The exposition text (a Registry's metrics(), or an AggregatorRegistry's clusterMetrics()). */
  metrics: () => Promise<string>;
  /** The Registry's contentType. */
  contentType: string;
  error: (error: unknown) => void;
}

export interface MetricsServer {
  /** Where it listens (the port the system chose when asked for 0). */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Only GET /metrics is served here.\n');
      return;
    }
    options.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': options.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.error(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(
          `Collecting the metrics failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A scrape holds no connection worth waiting for when the process stops.
  server.unref();
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
