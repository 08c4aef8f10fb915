import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { navigatorFor } from '@arttoy/shared/federation';
import { authStore } from '@arttoy/shared/stores';
import '@arttoy/shared/ui/tokens.css';
import './styles/shell.css';
import { ShellNavigatorContext } from './federation/remote-outlet';
import { siteManifest } from './federation/site-manifest';
import { createSiteRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The shell page needs an element with id "root".');

// Start reading the deploy manifest now: the first remote route needs it.
siteManifest().catch((error: unknown) => console.error('[shell] deploy manifest unavailable:', error));

// No identity provider is wired yet: the visitor is signed out until one reports otherwise.
authStore.getState().setLoading(false);

const router = createSiteRouter();
const navigator = navigatorFor({
  navigate: (to, opts) => router.navigate(to as never, opts),
  createHref: (location) => router.createHref(location),
});

createRoot(container).render(
  <StrictMode>
    <ShellNavigatorContext.Provider value={navigator}>
      <RouterProvider router={router} />
    </ShellNavigatorContext.Provider>
  </StrictMode>,
);
