/**
 * Settings read at run time from the page (never baked into a bundle), so one build runs against
 * any Firebase project and any contact details. The site server writes them into the document.
 */
import * as v from 'valibot';
import { parseOrExplain } from './parse-or-explain';

/** The six Firebase web settings; sign-in needs all of them (spec §5). */
export const FIREBASE_SETTINGS = [
  'apiKey',
  'authDomain',
  'projectId',
  'storageBucket',
  'messagingSenderId',
  'appId',
] as const;
export type FirebaseSetting = (typeof FIREBASE_SETTINGS)[number];

/** Nuxt's default: look for a new deploy hourly. */
export const DEFAULT_BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;

export const runtimeConfigSchema = v.object({
  firebase: v.partial(
    v.object(
      Object.fromEntries(FIREBASE_SETTINGS.map((name) => [name, v.string()])) as Record<
        FirebaseSetting,
        v.StringSchema<undefined>
      >,
    ),
  ),
  /** Set in local runs and tests: the Firebase Auth emulator's URL. */
  firebaseAuthEmulatorUrl: v.optional(v.string()),
  contact: v.object({ phone: v.string(), email: v.string() }),
  buildPollIntervalMs: v.pipe(v.number(), v.integer(), v.minValue(10_000)),
  /** Share of page loads that send field data (page views and errors per app version), 0-1. Default 1: all. */
  fieldSampleRate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  /** CONSENT_REQUIRED: analytics and field data start only once the visitor agreed (shared/consent). Default false. */
  consentRequired: v.optional(v.boolean()),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  firebase: {},
  contact: { phone: '+1 (415) 555-0142', email: 'support@arttoy.club' },
  buildPollIntervalMs: DEFAULT_BUILD_POLL_INTERVAL_MS,
};

/** The Firebase settings that are absent or blank, in the order of FIREBASE_SETTINGS. */
export function missingFirebaseSettings(config: Pick<RuntimeConfig, 'firebase'>): FirebaseSetting[] {
  return FIREBASE_SETTINGS.filter((name) => !config.firebase[name]?.trim());
}

/** The message logged when sign-in cannot start (spec §5). */
export function firebaseConfigMissingMessage(missing: readonly FirebaseSetting[]): string {
  return `Firebase config is missing: ${missing.join(', ')}`;
}

/** Parses the config or throws an error naming every field that is wrong. */
export function parseRuntimeConfig(value: unknown, source: string): RuntimeConfig {
  return parseOrExplain(runtimeConfigSchema, value, `Runtime config from ${source} is invalid`);
}

/** The id of the `<script type="application/json">` element that carries the config in the page. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
