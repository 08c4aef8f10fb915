import { useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { signIn, signOut } from './auth/sign-in';
import { NewBuildNotice } from './build-watch/new-build-notice';
import { PreviewNotice } from './build-watch/preview-notice';
import { SiteDrawer } from './chrome/drawer';
import { ConsentBanner } from './chrome/consent-banner';
import { Footer } from './chrome/footer';
import { Header } from './chrome/header';
import { OfflineNotice } from './federation/offline-notice';
import { RouteAnnouncer } from './navigation/route-announcer';
import { SearchOverlay } from './chrome/search-overlay';

/** The chrome around every page: header, drawer, search, main content, footer, notices (preview, offline, new version). */
export function Layout(): ReactNode {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        onOpenSearch={() => setSearchOpen(true)}
      />
      <SiteDrawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onSignIn={(provider) => {
          // A sign-in that succeeds closes the drawer (spec §4); a failed one leaves it open, with the reason.
          void signIn(provider).then((user) => {
            if (user) setMenuOpen(false);
          });
        }}
        onSignOut={() => {
          void signOut();
          setMenuOpen(false);
        }}
      />
      <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
        {/* Inside main, after the page: says the title of the page a client navigation arrives at. */}
        <RouteAnnouncer />
      </main>
      <Footer />
      <ConsentBanner />
      {/* Notices stack at the bottom of the screen, so two at once never cover each other. */}
      <div className="site__notices">
        <PreviewNotice />
        <OfflineNotice />
        <NewBuildNotice />
      </div>
      <ScrollRestoration />
    </div>
  );
}
