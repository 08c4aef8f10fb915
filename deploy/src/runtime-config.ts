import {
  DEFAULT_RUNTIME_CONFIG,
  FIREBASE_SETTINGS,
  parseRuntimeConfig,
  type FirebaseSetting,
  type RuntimeConfig,
} from '@arttoy/shared/contracts';
import { AUTH_EMULATOR_PAGE_URL, DEMO_FIREBASE_SETTINGS } from '@arttoy/shared/auth/emulator';

/** The environment variable of each Firebase setting: apiKey → FIREBASE_API_KEY. */
export const FIREBASE_ENV: Record<FirebaseSetting, string> = Object.fromEntries(
  FIREBASE_SETTINGS.map((name) => [
    name,
    `FIREBASE_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`,
  ]),
) as Record<FirebaseSetting, string>;

/**
 * Where sign-in comes from:
 * - `firebase`: any FIREBASE_* setting is given (production). No emulator starts; a missing
 *   setting is reported by the page, which then runs with sign-in disabled.
 * - `emulator`: none is given (a local run). The site server starts the Auth emulator and gives
 *   the page the demo project's complete config.
 * - `off`: none is given and AUTH_EMULATOR=off, or none is given in production (NODE_ENV=production):
 *   the site runs with sign-in unavailable. The emulator is a development tool (firebase-tools, a
 *   devDependency) that signs anyone in: production never starts it, and refuses AUTH_EMULATOR=on.
 */
export type SignInMode = 'firebase' | 'emulator' | 'off';

export function signInMode(env: NodeJS.ProcessEnv): SignInMode {
  const switchValue = env.AUTH_EMULATOR?.trim().toLowerCase() ?? '';
  if (!['', 'on', 'off'].includes(switchValue)) {
    throw new Error(
      `AUTH_EMULATOR must be "on" or "off", got "${env.AUTH_EMULATOR}". Leave it unset to start the emulator when no FIREBASE_* settings are given.`,
    );
  }
  if (FIREBASE_SETTINGS.some((name) => env[FIREBASE_ENV[name]]?.trim())) return 'firebase';
  if (env.NODE_ENV === 'production') {
    if (switchValue === 'on')
      throw new Error(
        'AUTH_EMULATOR=on in production (NODE_ENV=production): the Auth emulator signs anyone in and is a development tool. Set the FIREBASE_* settings, or leave AUTH_EMULATOR unset to serve without sign-in.',
      );
    return 'off';
  }
  return switchValue === 'off' ? 'off' : 'emulator';
}

function firebaseFromEnv(env: NodeJS.ProcessEnv): RuntimeConfig['firebase'] {
  return Object.fromEntries(
    FIREBASE_SETTINGS.flatMap((name) => {
      const value = env[FIREBASE_ENV[name]]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
}

/** CONSENT_REQUIRED: on (analytics and field data wait for the visitor's consent) or off, the default. */
export function consentRequiredFrom(env: NodeJS.ProcessEnv): boolean {
  const value = env.CONSENT_REQUIRED?.trim() ?? '';
  if (!['', 'on', 'off'].includes(value))
    throw new Error(`CONSENT_REQUIRED must be "on" or "off"; got "${env.CONSENT_REQUIRED}".`);
  return value === 'on';
}

/**
 * The runtime config the site server writes into every page, from the environment (see
 * signInMode for sign-in). An invalid value stops the server with a message naming the variable;
 * missing Firebase settings do not (the site then runs with sign-in disabled, and the page says
 * which settings are missing).
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv): RuntimeConfig {
  const local = signInMode(env) === 'emulator';
  const firebase = local ? DEMO_FIREBASE_SETTINGS : firebaseFromEnv(env);
  const emulatorUrl = local ? AUTH_EMULATOR_PAGE_URL : env.FIREBASE_AUTH_EMULATOR_URL?.trim();
  const pollText = env.BUILD_POLL_INTERVAL_MS?.trim();
  const poll = pollText ? Number(pollText) : DEFAULT_RUNTIME_CONFIG.buildPollIntervalMs;
  const sampleText = env.FIELD_SAMPLE_RATE?.trim();
  const consentRequired = consentRequiredFrom(env);
  const candidate = {
    firebase,
    ...(emulatorUrl ? { firebaseAuthEmulatorUrl: emulatorUrl } : {}),
    contact: {
      phone: env.CONTACT_PHONE?.trim() || DEFAULT_RUNTIME_CONFIG.contact.phone,
      email: env.CONTACT_EMAIL?.trim() || DEFAULT_RUNTIME_CONFIG.contact.email,
    },
    buildPollIntervalMs: poll,
    ...(sampleText ? { fieldSampleRate: Number(sampleText) } : {}),
    ...(consentRequired ? { consentRequired } : {}),
  };
  try {
    return parseRuntimeConfig(candidate, 'the environment');
  } catch (error) {
    const sample = sampleText ? Number(sampleText) : 1;
    const hint =
      (Number.isInteger(poll) && poll >= 10_000
        ? ''
        : ' (BUILD_POLL_INTERVAL_MS must be a whole number of milliseconds, at least 10000)') +
      (sample >= 0 && sample <= 1 ? '' : ' (FIELD_SAMPLE_RATE must be a share of page loads from 0 to 1)');
    throw new Error(`${error instanceof Error ? error.message : String(error)}${hint}`, { cause: error });
  }
}

/**
 * A value as a JSON data block: inert (never executed), with every `<` escaped so no string in it
 * can close the element (`</script>`) or open a comment (`<!--`). JSON.parse reads `\u003c` back as `<`.
 */
export function jsonDataElement(value: unknown, id: string): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/** schema.org data as a JSON-LD block, escaped as jsonDataElement escapes (a data block: no script runs, so the CSP has no say). */
export function jsonLdElement(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/** The config as a JSON data block (see jsonDataElement). */
export function runtimeConfigElement(config: RuntimeConfig, id: string): string {
  return jsonDataElement(config, id);
}
