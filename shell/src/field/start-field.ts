import {
  APP_NAMES,
  type AppName,
  appFolder,
  type BuildMeta,
  type FieldErrorKind,
  SITE_ROUTES,
} from '@arttoy/shared/contracts';
import type { FieldReport, FieldVital } from '@arttoy/shared/contracts/api';
import { hasConsent } from '@arttoy/shared/consent';
import { API_BASE } from '@arttoy/shared/http';
import { FieldBeacon, type FieldPage } from './field-beacon';

export const FIELD_URL = `${API_BASE}/field`;

interface RouterLike {
  state: { location: { pathname: string }; matches: { route: { id?: string; path?: string } }[] };
  subscribe: (listener: (state: RouterLike['state']) => void) => () => void;
}

interface FieldScope {
  navigator: Pick<Navigator, 'sendBeacon'>;
  addEventListener: Window['addEventListener'];
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
}

/** The vitals' code and web-vitals' attribution build: one chunk, shared with analytics' field metrics. */
export type WatchVitals = (report: (vital: FieldVital) => void) => void;
const loadWatchVitals = (): Promise<WatchVitals> =>
  import(/* webpackChunkName: "web-vitals" */ './watch-vitals').then((module) => module.watchVitals);

let reporter: ((app: AppName, kind: FieldErrorKind, message: string) => void) | null = null;

/**
 * Reports an error of a remote met by the shell: its outlet showed the fallback (a failed mount or
 * update, the remote's own error boundary through onRemoteError) or its code did not load. Nothing
 * happens on pages outside the sample, or before the field data starts.
 */
export function reportRemoteError(app: AppName, kind: 'remote' | 'load', error: unknown): void {
  reporter?.(app, kind, messageOf(error));
}

/** Sends a report as a beacon (kept across the page's unload), else as a keepalive fetch. */
export function sendReport(scope: Pick<FieldScope, 'navigator'>, report: FieldReport): boolean {
  const body = JSON.stringify(report);
  try {
    if (scope.navigator.sendBeacon?.(FIELD_URL, new Blob([body], { type: 'application/json' }))) return true;
  } catch {
    // A browser that refuses the beacon (too big a queue, a policy) still has fetch.
  }
  fetch(FIELD_URL, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
  return true;
}

const OWNERS = new Map<string, AppName>(SITE_ROUTES.map((route) => [route.id, route.owner]));

/** The route pattern and owner of the router's current page (an alias of home is owned by the shell; no match: `*`). */
export function routeOf(state: RouterLike['state']): { route: string; owner: AppName } {
  const match = state.matches.findLast((candidate) => candidate.route.path !== undefined);
  if (!match) return { route: '*', owner: 'shell' };
  return { route: match.route.path!, owner: OWNERS.get(match.route.id ?? '') ?? 'shell' };
}

/**
 * The app whose code raised an uncaught error: the first app folder (`/mf-rules/<version>/…`) in the
 * script's URL or the error's stack, whose top frame comes first. The shell when there is none (or
 * the browser hides it, as it does for a cross-origin script).
 */
export function appOfScript(source: string | undefined): AppName {
  let found: { app: AppName; at: number } = { app: 'shell', at: Infinity };
  for (const app of APP_NAMES) {
    const at = source?.indexOf(`/${appFolder(app)}/`) ?? -1;
    if (at >= 0 && at < found.at) found = { app, at };
  }
  return found.app;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'a non-error value was thrown';
}

/**
 * Starts the field data of this page: one page view per navigation, every error met, and the page
 * load's web vitals (LCP, INP, CLS, TTFB with their attribution), tagged with the route pattern and
 * the version of each app on the page, in small batched beacons to /api/field. Only a `sampleRate`
 * share of page loads report (decided once per load), so a large site sends a bounded number of
 * beacons. The vitals' code loads when `vitals.schedule` runs its task (the shell passes "after the
 * first paint, when idle"): nothing is added to what the first page loads and runs. Returns whether
 * this page reports.
 */
export function startFieldData(options: {
  scope: FieldScope;
  router: RouterLike;
  manifest: () => Promise<BuildMeta>;
  sampleRate: number;
  random?: () => number;
  vitals?: { schedule: (task: () => void) => void; load?: () => Promise<WatchVitals> };
}): boolean {
  const { scope, router } = options;
  if (!hasConsent('field')) return false;
  if ((options.random ?? Math.random)() >= options.sampleRate) return false;
  const beacon = new FieldBeacon({ send: (report) => sendReport(scope, report) });
  let manifest: BuildMeta | null = null;
  // Until the manifest is here (it is read at start anyway), what happens waits in order.
  const waiting: (() => void)[] = [];
  const whenKnown = (task: () => void): void => (manifest ? task() : void waiting.push(task));
  options
    .manifest()
    .then((meta) => {
      manifest = meta;
      for (const task of waiting.splice(0)) task();
    })
    .catch(() => undefined);

  const pageOf = (state: RouterLike['state'], meta: BuildMeta): FieldPage => {
    const { route, owner } = routeOf(state);
    const versions: FieldPage['versions'] = { shell: meta.apps.shell.version };
    if (owner !== 'shell') versions[owner] = meta.apps[owner].version;
    return { route, build: meta.id, versions };
  };
  let lastPath: string | null = null;
  const view = (state: RouterLike['state']): void => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    whenKnown(() => beacon.view(pageOf(state, manifest!)));
  };
  reporter = (app, kind, message) =>
    whenKnown(() => beacon.error(app, manifest!.apps[app].version, kind, message));

  // The page the document brought: web-vitals measures its load, whatever page is shown when it reports.
  let landing: FieldPage | null = null;
  const first = router.state;
  view(first);
  whenKnown(() => void (landing = pageOf(first, manifest!)));
  router.subscribe(view);
  if (options.vitals) {
    const load = options.vitals.load ?? loadWatchVitals;
    options.vitals.schedule(() => {
      load()
        .then((watch) => watch((vital) => whenKnown(() => beacon.vital(landing!, vital))))
        .catch((error: unknown) =>
          console.warn('[shell] web vitals are not reported: their code did not load.', error),
        );
    });
  }
  scope.addEventListener('error', (event) =>
    reporter?.(
      appOfScript(event.filename || (event.error as Error | undefined)?.stack),
      'uncaught',
      messageOf(event.error ?? event.message),
    ),
  );
  scope.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    reporter?.(
      appOfScript(reason instanceof Error ? reason.stack : undefined),
      'rejection',
      messageOf(reason),
    );
  });
  // Leaving (or hiding the tab, the last moment a phone's browser promises): send what is pending.
  scope.document.addEventListener('visibilitychange', () => {
    if (scope.document.visibilityState === 'hidden') beacon.flush();
  });
  scope.addEventListener('pagehide', () => beacon.flush());
  return true;
}
