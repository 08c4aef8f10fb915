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
const app = await createSiteServer({ origin: originDir(), config, logger: true });
await app.listen({ port, host: process.env.HOST ?? 'localhost' });
console.log(`ArtToy Club is served at http://localhost:${port}`);
