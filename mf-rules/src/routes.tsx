import { Route, Routes } from 'react-router';
import { HelpPage } from './pages/help-page';
import { RulesPage } from './pages/rules-page';
import { RULES_PAGES } from './rules-pages';

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
