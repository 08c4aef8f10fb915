import type { SearchEntryKind } from '@arttoy/shared/contracts/api';

/** What a result is, in the words shown beside it. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchEntryKind, string>> = {
  post: 'Blog post',
  rules: 'Rules',
  help: 'Help',
  page: 'Page',
  series: 'Series',
  figure: 'Figure',
  box: 'Mystery box',
};

export interface SearchHit {
  id: string;
  kind: SearchEntryKind;
  /** The site path the result opens. */
  path: string;
  title: string;
  description: string;
  /** Origin-relative URL of the result's picture, when it has one. */
  image?: string;
  /** Higher is better; only comparable within one search. */
  score: number;
}

export interface SiteSearch {
  /** False when the search data could not be loaded: every search then finds nothing. */
  available: boolean;
  /** How many entries are indexed. */
  size: number;
  /** Best matches first: titles count more than headings, headings more than text; prefixes and small typos match. */
  search: (query: string, limit?: number) => SearchHit[];
}
