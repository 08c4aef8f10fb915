/**
 * The site server's and the deploy tools' configuration: the one module of deploy/src that reads or
 * sets process.env. Each setting is parsed where it is used (runtimeConfigFromEnv, signInMode, the
 * API's serverOptions and siteOriginFrom, …), with its message, from the environment taken here.
 */
export type Environment = NodeJS.ProcessEnv;

/** The environment as it is at the call (child processes started from it inherit it whole). */
export function deployEnvironment(): Environment {
  return process.env;
}

/** firebase-admin (the API, when this server mounts it) verifies the emulator's tokens once this is set. */
export function pointFirebaseAdminAtEmulator(host: string): void {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}
