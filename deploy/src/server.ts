import { originDir } from './origin';
import { runtimeConfigFromEnv } from './runtime-config';
import { createSiteServer } from './site-server';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(2);
}

let config;
try {
  config = runtimeConfigFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
let app;
try {
  // The API runs in this process under /api unless SITE_API=off (it then runs elsewhere behind the same origin).
  app = await createSiteServer({ origin: originDir(), config, api: process.env.SITE_API === 'off' ? false : {}, logger: true });
  await app.listen({ port, host: process.env.HOST ?? 'localhost' });
} catch (error) {
  // Most likely the embedded database is in use by another process: its message says what to do.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`ArtToy Club is served at http://localhost:${port}`);
