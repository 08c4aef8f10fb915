// One site server for the benchmark: an origin folder served as `npm start` serves it (server-rendered
// unless --client-only), with the API on an in-memory database and sign-in off (no page measured needs it).
// Usage: tsx bench/serve.mts <origin-dir> <port> [--no-remote-preload] [--client-only]
import path from 'node:path';
import { createSiteServer } from '@arttoy/deploy/site-server';
import { runtimeConfigFromEnv } from '@arttoy/deploy/runtime-config';

const FLAGS = ['--no-remote-preload', '--client-only'];
const [origin, portText, ...flags] = process.argv.slice(2);
const port = Number(portText);
if (!origin || !Number.isInteger(port) || flags.some((flag) => !FLAGS.includes(flag))) {
  console.error(`Usage: tsx bench/serve.mts <origin-dir> <port> [${FLAGS.join('] [')}]`);
  process.exit(2);
}
const env: NodeJS.ProcessEnv = { ...process.env, AUTH_EMULATOR: 'off' };
for (const name of Object.keys(env)) if (name.startsWith('FIREBASE_')) delete env[name];

const app = await createSiteServer({
  origin: path.resolve(origin),
  config: runtimeConfigFromEnv(env),
  api: { databaseUrl: 'memory:' },
  // The monolith has no remote entries: preloading one would load code it never runs.
  preloadRemotes: !flags.includes('--no-remote-preload'),
  // --client-only: every page rendered in the browser.
  serverRender: !flags.includes('--client-only'),
});
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
