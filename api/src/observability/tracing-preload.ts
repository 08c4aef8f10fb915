/**
 * The API server's preload: `tsx --import ./src/observability/tracing-preload.ts src/server.ts`
 * (api's `npm start`), or `node --import` on its compiled copy. Tracing starts only when an OTLP
 * endpoint is configured (preload-tracing.ts).
 */
import { preloadTracing } from './preload-tracing';

await preloadTracing('arttoy-api');
