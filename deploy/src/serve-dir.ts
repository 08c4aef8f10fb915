// Serves one app's build folder on its own port: the remote's standalone QA harness (`npm start -w mf-gallery`).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { DEFAULT_API_ORIGIN, registerApiProxy } from './api-proxy';
import { deployEnvironment } from './config';

const env = deployEnvironment();

const [dirArgument, portArgument] = process.argv.slice(2);
const dir = path.resolve(dirArgument ?? 'dist');
const port = Number(portArgument ?? env.PORT);
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  console.error(`${dir}/index.html is missing: build the app first (npm run build).`);
  process.exit(2);
}
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Usage: serve-dir <dir> <port>; got port "${portArgument}".`);
  process.exit(2);
}

const app = Fastify();
// A shell on another origin may load this remote's entry and chunks.
app.addHook('onSend', async (_request, reply) => void reply.header('access-control-allow-origin', '*'));
// The build's brotli and gzip copies go out as they are.
await app.register(fastifyStatic, { root: dir, wildcard: false, preCompressed: true });
// The harness's pages call /api on their own origin: forward it to the API (API_ORIGIN).
const apiOrigin = env.API_ORIGIN ?? DEFAULT_API_ORIGIN;
await registerApiProxy(app, apiOrigin);
app.setNotFoundHandler((_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html'));
await app.listen({ port, host: 'localhost' });
console.log(
  `${path.basename(path.dirname(dir))} standalone at http://localhost:${port} (API from ${apiOrigin})`,
);
