// Serves the static floor: each captured route's HTML (gzip, like the site server), and everything
// else (art, styles' images) proxied to the federated server, so only the documents differ.
import fs from 'node:fs/promises';
import http from 'node:http';
import { gzipSync } from 'node:zlib';

export async function startStaticServer(files, upstream, port) {
  const pages = new Map();
  for (const [route, file] of Object.entries(files)) pages.set(route, gzipSync(await fs.readFile(file)));
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url, 'http://bench.invalid').pathname;
    const page = pages.get(pathname);
    if (page) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-cache',
      });
      response.end(page);
      return;
    }
    const target = new URL(request.url, upstream);
    const forward = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forward);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise((resolve) => server.close(resolve));
}
