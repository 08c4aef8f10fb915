/**
 * The site search behind the header's overlay. Each feature registers a source (blog posts, rules
 * pages, gallery series and figures) when it lands; the overlay asks them all and merges the results.
 */
export interface SearchResult {
  title: string;
  href: string;
  /** Where the result lives, shown beside it: 'Blog', 'Help', 'Gallery'. */
  section: string;
  excerpt?: string;
  /** Higher ranks first; sources score on their own scale from 0 to 1. */
  score: number;
}

export interface SearchSource {
  name: string;
  search: (query: string, signal: AbortSignal) => Promise<SearchResult[]>;
}

const sources = new Map<string, SearchSource>();

/** Adds (or replaces) a source; returns a function that removes it. */
export function registerSearchSource(source: SearchSource): () => void {
  sources.set(source.name, source);
  return () => {
    if (sources.get(source.name) === source) sources.delete(source.name);
  };
}

export function searchSourceCount(): number {
  return sources.size;
}

/** Asks every source; a failing source is logged and left out, so one broken feature cannot break search. */
export async function search(query: string, signal: AbortSignal, limit = 20): Promise<SearchResult[]> {
  const text = query.trim();
  if (text === '') return [];
  const answers = await Promise.all(
    [...sources.values()].map((source) =>
      source.search(text, signal).catch((error: unknown) => {
        if (!signal.aborted) console.error(`[search] source ${source.name} failed:`, error);
        return [];
      }),
    ),
  );
  return answers
    .flat()
    .toSorted((a, b) => b.score - a.score)
    .slice(0, limit);
}
