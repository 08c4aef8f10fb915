import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { runtimeConfig } from '@arttoy/shared/config';
// The navigator alone: the parcel code (single-spa) loads with the first remote page, not here.
import { navigatorFor } from '@arttoy/shared/federation/navigator';
import '@arttoy/shared/ui/tokens.css';
import './styles/shell.css';
import { startAnalytics } from './analytics';
import { startSignIn } from './auth/sign-in';
import { recordEntryChannel } from './attribution';
import { startBuildWatcher } from './build-watch/latest-build';
import { newBuildStore } from './build-watch/new-build-store';
import { ShellNavigatorContext } from './federation/shell-navigator';
import { currentBuildId, siteManifest } from './federation/site-manifest';
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
startAnalytics(window as Window & { gtag?: unknown }, router);

const buildId = currentBuildId();
if (buildId) {
  startBuildWatcher({
    currentBuildId: buildId,
    intervalMs: config.buildPollIntervalMs,
    checkManifest: siteManifest,
    onNewBuild: (id) => newBuildStore.setState({ buildId: id, checkProblem: null }),
    onCheckProblem: (problem) => newBuildStore.setState({ checkProblem: problem }),
    online: () => window.navigator.onLine,
    connection: () => (window.navigator as Navigator & { connection?: { effectiveType?: string } }).connection,
  });
}

createRoot(container).render(
  <StrictMode>
    <ShellNavigatorContext.Provider value={navigator}>
      <RouterProvider router={router} />
    </ShellNavigatorContext.Provider>
  </StrictMode>,
);

// Sign-in for the whole page. Without a complete Firebase config it logs what is missing and
// disables the buttons now; otherwise auth and the Firebase SDK load after this first render has painted.
startSignIn(config);
