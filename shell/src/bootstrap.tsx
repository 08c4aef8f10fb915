import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { runtimeConfig } from '@arttoy/shared/config';
import { configureConsent, whenConsented } from '@arttoy/shared/consent';
// The navigator alone: the parcel code (single-spa) loads with the first remote page, not here.
import { navigatorFor } from '@arttoy/shared/federation/navigator';
import { pagePayload } from '@arttoy/shared/federation/page-data';
import '@arttoy/shared/ui/tokens.css';
import './styles/shell.css';
import { startAnalytics } from './analytics';
import { startFieldMetrics } from './field-metrics';
import { startFieldData } from './field/start-field';
import { afterFirstPaint, signInSchedule, startSignIn } from './auth/sign-in';
import { recordEntryChannel } from './attribution';
import { documentBuildChannel, startBuildWatcher } from './build-watch/latest-build';
import { newBuildStore } from './build-watch/new-build-store';
import { ShellNavigatorContext } from './federation/shell-navigator';
import { currentBuildId, siteManifest } from './federation/site-manifest';
import { FirstPageRemote, serverRenderedPage, shellLive } from './federation/hydration';
import { enablePayloadNavigation } from './federation/navigation-payload';
import { followNavigations } from './navigation/route-announcer';
import { createSiteRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The shell page needs an element with id "root".');

// Start reading the deploy manifest now: the first remote route needs it.
siteManifest().catch((error: unknown) => console.error('[shell] deploy manifest unavailable:', error));

const config = runtimeConfig();

recordEntryChannel(window.location.pathname);

const router = createSiteRouter();
const navigator = navigatorFor({
  navigate: (to, opts) => router.navigate(to as never, opts),
  createHref: (location) => router.createHref(location),
});
// Where CONSENT_REQUIRED=on, analytics starts only once the visitor accepts (shared/consent).
configureConsent(config.consentRequired ?? false);
whenConsented('analytics', () => {
  startAnalytics(window as Window & { gtag?: unknown }, router);
  // LCP, CLS, INP, FCP and TTFB to the same analytics; web-vitals loads once the first render has painted.
  startFieldMetrics(
    window as Window & { gtag?: unknown },
    (task) => void shellLive.then(() => afterFirstPaint(task)),
  );
});
// Page views, errors and web vitals per app version, for the canary judge
// (deploy/src/deploy-service/canary-judge.ts); the vitals' code loads after the first paint, when idle.
whenConsented('field', () =>
  startFieldData({
    scope: window,
    router,
    manifest: siteManifest,
    sampleRate: config.fieldSampleRate ?? 1,
    vitals: { schedule: (task) => void shellLive.then(() => afterFirstPaint(task)) },
  }),
);
// Subscribed before the router renders: it reads the page being left before React replaces it.
followNavigations(router);

const buildId = currentBuildId();
if (buildId) {
  startBuildWatcher({
    currentBuildId: buildId,
    channel: documentBuildChannel(),
    intervalMs: config.buildPollIntervalMs,
    checkManifest: siteManifest,
    onNewBuild: (id) => newBuildStore.setState({ buildId: id, checkProblem: null }),
    onCheckProblem: (problem) => newBuildStore.setState({ checkProblem: problem }),
    online: () => window.navigator.onLine,
    connection: () =>
      (window.navigator as Navigator & { connection?: { effectiveType?: string } }).connection,
  });
}

// Where the site server renders pages (this document carried a payload), client navigations read theirs too.
enablePayloadNavigation(pagePayload() !== null);
const served = serverRenderedPage(container);
const page = (
  <StrictMode>
    <FirstPageRemote served={served?.remote ?? null} servedError={served?.error} router={router}>
      <ShellNavigatorContext.Provider value={navigator}>
        <RouterProvider router={router} />
      </ShellNavigatorContext.Provider>
    </FirstPageRemote>
  </StrictMode>
);
if (served) {
  // The code of the first render must be here before hydrating, or that render would show a
  // loading placeholder where the server's page is.
  await served.ready;
  hydrateRoot(container, page);
} else {
  createRoot(container).render(page);
}

// Sign-in for the whole page. Without a complete Firebase config it logs what is missing and
// disables the buttons now; otherwise auth and the Firebase SDK load once the first render has
// committed (a server-rendered page hydrates without waiting for them), and for a visitor who
// has not signed in before, once it has painted too.
startSignIn(config, signInSchedule(shellLive));
