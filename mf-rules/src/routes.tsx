import type { ReactElement } from 'react';
import { prefetchContentDocument } from '@arttoy/shared/content';
import { createRemote } from '@arttoy/shared/federation/remote';
import { HelpPage } from './pages/help-page';
import { RulesPage } from './pages/rules-page';
import { RULES_PAGES, type RulesRouteId } from './rules-pages';

// One element per rules page, all of one component: moving between rules pages keeps the page.
const rulesPages = {} as Record<RulesRouteId, ReactElement>;
for (const page of RULES_PAGES) rulesPages[page.id] = <RulesPage page={page} />;

/** The rules pages and the Help Center (the rows of mf_rules in shared/contracts/routes.ts; basename `/`). */
export const rules = createRemote({
  name: 'mf_rules',
  pages: { ...rulesPages, help: <HelpPage /> },
  // Each page shows the document at its own site path; the pages' code comes with the app.
  readAhead: (page) => () => prefetchContentDocument(page.path),
});
