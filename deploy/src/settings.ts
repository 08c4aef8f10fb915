/**
 * Every setting the site server reads, in one zod schema checked before anything opens (the Auth
 * emulator, the API's database): the site's own settings and, as the site server mounts the API
 * and shares its server options, every setting of the API. A mistake is named with its value and
 * what it takes, all of them in one run, and the server exits 2.
 */
import { z } from 'zod';
import {
  apiSettingFields,
  checkApiDatabaseSettings,
  checkApiSettingPairs,
  checkMetricsPort,
  checkSettings,
  choiceSetting,
  hostSetting,
  portSetting,
  refuse,
  serviceNameFrom,
  setting,
} from '@arttoy/api';
import type { Environment } from './config';
import { signInMode } from './runtime-config';

/** A whole number from `min` to `max`, or `fallback` when unset. */
function whole<F extends number | undefined>(
  name: string,
  fallback: F,
  min: number,
  max: number,
  unit: string,
) {
  return setting((value): number | F => {
    const text = value?.trim() ?? '';
    if (text === '') return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      refuse(name, `a whole number of ${unit} from ${min} to ${max}`, value ?? '');
    return Number(text);
  });
}

export const siteSettingFields = {
  PORT: portSetting('PORT', 3000),
  HOST: hostSetting('HOST', 'localhost'),
  /** SSR=off serves every page for the browser to render (the benchmark's client-only build). */
  SSR: choiceSetting('SSR', ['on', 'off']),
  /** How long a remote's reads and server render may take before its page is left to the browser. */
  SSR_BUDGET_MS: whole('SSR_BUDGET_MS', undefined, 10, 60_000, 'milliseconds'),
  /** SITE_API=off: the API runs elsewhere behind the same origin. */
  SITE_API: choiceSetting('SITE_API', ['on', 'off']),
  /** CONSENT_REQUIRED=on: analytics and field data start only after the visitor's consent (a banner). */
  CONSENT_REQUIRED: choiceSetting('CONSENT_REQUIRED', ['off', 'on']),
  /** How long a stopping site server answers `Connection: close` before it stops listening. */
  DRAIN_MS: whole('DRAIN_MS', 1_500, 0, 60_000, 'milliseconds'),
  AUTH_EMULATOR: setting((value) => signInMode({ AUTH_EMULATOR: value })),
  BUILD_POLL_INTERVAL_MS: whole('BUILD_POLL_INTERVAL_MS', undefined, 10_000, 2_147_483_647, 'milliseconds'),
  FIREBASE_AUTH_EMULATOR_URL: setting((value) =>
    !value || /^https?:\/\/[^\s/]+/.test(value)
      ? value
      : refuse(
          'FIREBASE_AUTH_EMULATOR_URL',
          "the emulator's http(s) URL, such as http://127.0.0.1:9099",
          value,
        ),
  ),
  /** The site server's spans are `arttoy-site`'s unless OTEL_SERVICE_NAME says otherwise. */
  OTEL_SERVICE_NAME: setting((value) => serviceNameFrom({ OTEL_SERVICE_NAME: value }, 'arttoy-site')),
  ORIGIN_DIR: setting((value) =>
    value === undefined || value.trim() !== ''
      ? value
      : refuse('ORIGIN_DIR', 'a folder, or unset for .origin/', value),
  ),
};

export const siteSettingsSchema = z
  .object({ ...apiSettingFields, ...siteSettingFields })
  .superRefine((settings, context) => {
    checkApiSettingPairs(settings, context);
    // With SITE_API=off the API and its database run elsewhere.
    if (settings.SITE_API === 'on') checkApiDatabaseSettings(settings, context);
    checkMetricsPort(settings, settings.PORT, 'PORT', context);
  });

export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The site server's settings from `env`; throws a SettingsError naming every wrong one. */
export function siteSettings(env: Environment): SiteSettings {
  return checkSettings(siteSettingsSchema, env);
}
