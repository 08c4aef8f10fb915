/**
 * The API's configuration: the one module that reads process.env. Each setting is parsed next to the
 * code that uses it (serverOptions, siteOriginFrom, feedSettingsFrom, resolveDatabaseTarget, …), with
 * its message, from the environment taken here: the entry points (server.ts, cluster.ts, the CLIs)
 * and apiPlugin take it once and hand it on; a parser's default parameter takes it for its own caller.
 */
export type Environment = NodeJS.ProcessEnv;

/** The environment as it is at the call: a host or a test may set it before it starts the API. */
export function apiEnvironment(): Environment {
  return process.env;
}

/** API_PORT and API_HOST: where `npm start -w api` and each API instance of the cluster listen. */
export function listenAddress(env: Environment): { port: number; host: string } {
  return { port: Number(env.API_PORT ?? 3001), host: env.API_HOST ?? '127.0.0.1' };
}
