/**
 * The site server's preload: `tsx --import ./src/observability/tracing-preload.ts src/server.ts`
 * (`npm run serve`), or `node --import` on its compiled copy. Tracing starts only when an OTLP
 * endpoint is configured; its spans are the site's (`arttoy-site`), the API in its process included.
 */
import { preloadTracing } from '@arttoy/api/preload-tracing';

await preloadTracing('arttoy-site');
