import { Route, Routes } from 'react-router';
import { prefetchContentDocument } from '@arttoy/shared/content';
import type { PrefetchOptions } from '@arttoy/shared/contracts';
import { HelpPage } from './pages/help-page';
import { RulesPage } from './pages/rules-page';
import { RULES_PAGES } from './rules-pages';

/** The site paths of this remote's pages, each of which shows the document at its own path. */
const DOCUMENT_PATHS = new Set([...RULES_PAGES.map((page) => page.path), '/help']);

/** The document path of the page at a site path (a trailing slash is the same page), or null when no page of ours is there. */
export function documentPathOf(path: string): string | null {
  const page = path.length > 1 ? path.replace(/\/$/, '') : path;
  return DOCUMENT_PATHS.has(page) ? page : null;
}

/**
 * Reads the document of the page at a site path ahead of a navigation (see LifeCycles.prefetch),
 * unless the shell reads it (`data: false`); the pages' code comes with the app.
 */
export function prefetchPage(path: string, { data = true }: PrefetchOptions = {}): Promise<boolean> {
  const page = documentPathOf(path);
  if (!page) return Promise.resolve(false);
  return data ? prefetchContentDocument(page) : Promise.resolve(true);
}

/** The rules pages and the Help Center (the rows of mf_rules in shared/contracts/routes.ts; basename `/`). */
export function AppRoutes() {
  return (
    <Routes>
      {RULES_PAGES.map((page) => (
        <Route key={page.id} path={page.path.slice(1)} element={<RulesPage page={page} />} />
      ))}
      <Route path="help" element={<HelpPage />} />
    </Routes>
  );
}
