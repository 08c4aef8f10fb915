import MiniSearch from 'minisearch';
import type { SearchEntry } from '@arttoy/shared/contracts/api';
import type { SearchHit, SiteSearch } from './kinds';

/** Field weights: a word in a title counts most, then in a heading, then in the description and text. */
const BOOST = { title: 6, headings: 3, description: 1.5, text: 1 };

interface IndexedEntry extends Omit<SearchEntry, 'headings'> {
  headings: string;
}

/**
 * A term matches words it begins (`vin` → vinyl) and words within a small edit distance (`vinly`
 * → vinyl): fuzzy up to a fifth of the term's length, never for terms under 4 letters (too many
 * false friends), and a fuzzy or prefix match weighs less than an exact one.
 */
const SEARCH_OPTIONS = {
  boost: BOOST,
  prefix: true,
  fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
  weights: { fuzzy: 0.45, prefix: 0.75 },
} as const;

/** Indexes the entries; `available` is false when they are the empty default of a failed load. */
export function buildSiteSearch(entries: readonly SearchEntry[], available = true): SiteSearch {
  const index = new MiniSearch<IndexedEntry>({
    fields: ['title', 'headings', 'description', 'text'],
    storeFields: ['kind', 'path', 'title', 'description', 'image'],
    searchOptions: SEARCH_OPTIONS,
  });
  // Ids are unique by contract; a repeated one would make MiniSearch throw, so the first wins.
  const seen = new Set<string>();
  index.addAll(
    entries
      .filter((entry) => !seen.has(entry.id) && seen.add(entry.id))
      .map((entry) => ({ ...entry, headings: entry.headings.join('\n') })),
  );
  return {
    available,
    size: index.documentCount,
    search: (query, limit = 12) => {
      const text = query.trim();
      if (text === '') return [];
      // Every word must match (narrowing as the visitor types); if none does, any word may.
      let results = index.search(text, { combineWith: 'AND' });
      if (results.length === 0) results = index.search(text, { combineWith: 'OR' });
      return results.slice(0, limit).map((result): SearchHit => ({
        id: String(result.id),
        kind: result.kind as SearchHit['kind'],
        path: result.path as string,
        title: result.title as string,
        description: result.description as string,
        ...(typeof result.image === 'string' ? { image: result.image } : {}),
        score: result.score,
      }));
    },
  };
}
