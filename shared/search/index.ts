/**
 * The site search behind the header's overlay. Its data is `GET /api/search.json` (posts, rules and
 * help pages, site pages, gallery series and figures, mystery boxes), fetched in the browser when the overlay
 * first opens, and indexed with MiniSearch. The index, its schema and the library load in their own
 * chunk, so pages that never search pay nothing for it.
 */
import type { SearchEntryKind } from '@arttoy/shared/contracts/api';

export { SEARCH_KIND_LABELS, type SearchHit, type SiteSearch } from './kinds';
import type { SiteSearch } from './kinds';

let loading: Promise<SiteSearch> | null = null;

/**
 * The site's search, loaded once per page. The data defaults to an empty array when the API cannot
 * give it (spec §7), and the search says so (`available: false`); a failed load of the search code
 * rejects, and the next call tries again.
 */
export function loadSiteSearch(): Promise<SiteSearch> {
  loading ??= import('./site-search').then(
    async (module) => {
      const search = await module.createSiteSearch();
      // Data that could not be had is tried again the next time the overlay opens.
      if (!search.available) loading = null;
      return search;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Forgets the loaded search (tests; a new deploy may change the data). */
export function resetSiteSearch(): void {
  loading = null;
}

export type { SearchEntryKind };
