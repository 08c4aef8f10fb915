import {
  DEFAULT_RUNTIME_CONFIG,
  FIREBASE_SETTINGS,
  parseRuntimeConfig,
  type FirebaseSetting,
  type RuntimeConfig,
} from '@arttoy/shared/contracts';

/** The environment variable of each Firebase setting: apiKey → FIREBASE_API_KEY. */
export const FIREBASE_ENV: Record<FirebaseSetting, string> = Object.fromEntries(
  FIREBASE_SETTINGS.map((name) => [name, `FIREBASE_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`]),
) as Record<FirebaseSetting, string>;

/**
 * The runtime config the site server writes into every page, from the environment. An invalid
 * value stops the server with a message naming the variable; missing Firebase settings do not
 * (the site then runs with sign-in disabled, and the page says which settings are missing).
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv): RuntimeConfig {
  const firebase = Object.fromEntries(
    FIREBASE_SETTINGS.flatMap((name) => {
      const value = env[FIREBASE_ENV[name]]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const pollText = env.BUILD_POLL_INTERVAL_MS?.trim();
  const poll = pollText ? Number(pollText) : DEFAULT_RUNTIME_CONFIG.buildPollIntervalMs;
  const candidate = {
    firebase,
    ...(env.FIREBASE_AUTH_EMULATOR_URL ? { firebaseAuthEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_URL } : {}),
    contact: {
      phone: env.CONTACT_PHONE?.trim() || DEFAULT_RUNTIME_CONFIG.contact.phone,
      email: env.CONTACT_EMAIL?.trim() || DEFAULT_RUNTIME_CONFIG.contact.email,
    },
    buildPollIntervalMs: poll,
  };
  try {
    return parseRuntimeConfig(candidate, 'the environment');
  } catch (error) {
    const hint = Number.isInteger(poll) && poll >= 10_000 ? '' : ' (BUILD_POLL_INTERVAL_MS must be a whole number of milliseconds, at least 10000)';
    throw new Error(`${error instanceof Error ? error.message : String(error)}${hint}`, { cause: error });
  }
}

/** The config as a JSON data block: inert (never executed), with `<` escaped so it cannot close the element. */
export function runtimeConfigElement(config: RuntimeConfig, id: string): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
}
