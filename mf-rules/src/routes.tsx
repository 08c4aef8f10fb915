import { Route, Routes } from 'react-router';
import { prefetchContentDocument } from '@arttoy/shared/content';
import { HelpPage } from './pages/help-page';
import { RulesPage } from './pages/rules-page';
import { RULES_PAGES } from './rules-pages';

/** The site paths of this remote's pages, each of which shows the document at its own path. */
const DOCUMENT_PATHS = new Set([...RULES_PAGES.map((page) => page.path), '/help']);

/** Reads the document of the page at a site path ahead of a navigation (see LifeCycles.prefetch). */
export function prefetchPage(path: string): Promise<boolean> {
  const page = path.length > 1 ? path.replace(/\/$/, '') : path;
  return DOCUMENT_PATHS.has(page) ? prefetchContentDocument(page) : Promise.resolve(false);
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
