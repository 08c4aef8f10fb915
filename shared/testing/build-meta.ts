import { APP_NAMES, type AppName, type BuildMeta } from '../contracts';

/**
 * A build manifest for tests: every app at `/<folder>/<version>/<entry file>`, where version is
 * `version(folder)`; `entries` puts an app's entry elsewhere, and `integrity`, when given, is every
 * entry's integrity.
 */
export function buildMetaFixture(
  entries: Partial<Record<AppName, string>> = {},
  version = (folder: string) => `v-${folder}`,
  integrity?: string,
): BuildMeta {
  return {
    id: '20250101120000-abcdef12',
    timestamp: 1735732800000,
    prerendered: [],
    routeRules: {},
    apps: Object.fromEntries(
      APP_NAMES.map((app) => {
        const folder = app.replace('_', '-');
        return [
          app,
          {
            version: version(folder),
            entry:
              entries[app] ??
              `/${folder}/${version(folder)}/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}`,
            ...(integrity === undefined ? {} : { integrity }),
          },
        ];
      }),
    ) as BuildMeta['apps'],
  };
}
