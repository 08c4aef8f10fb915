import { endpoints, type SearchEntry } from '@arttoy/shared/contracts/api';
import { API_BASE, request } from '@arttoy/shared/http';
import type { SiteSearch } from './kinds';
import { buildSiteSearch } from './search-index';

/** The search data's URL (spec §7). */
export const SEARCH_DATA_URL = `${API_BASE}${endpoints.getSearchIndex.path}`;

/** The search data, or null when it cannot be had (API down, an HTML error page, a malformed answer). */
async function fetchEntries(): Promise<SearchEntry[] | null> {
  try {
    const parsed = endpoints.getSearchIndex.response.safeParse(await request<unknown>(SEARCH_DATA_URL));
    if (parsed.success) return parsed.data;
    console.warn(
      `[search] ${SEARCH_DATA_URL} is not a search index (${parsed.error.issues[0]?.message ?? 'unknown shape'}); searching nothing.`,
    );
  } catch (error) {
    console.warn(
      `[search] ${SEARCH_DATA_URL} could not be loaded (${error instanceof Error ? error.message : String(error)}); searching nothing.`,
    );
  }
  return null;
}

/** Fetches the data and indexes it; the empty array is the default when it is unavailable. */
export async function createSiteSearch(): Promise<SiteSearch> {
  const entries = await fetchEntries();
  return buildSiteSearch(entries ?? [], entries !== null);
}
