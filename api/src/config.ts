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
