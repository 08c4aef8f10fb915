/**
 * The style page's sorting and filters, read from the URL query so every view is shareable.
 * A value the page does not know falls back to the default, and the page says which one it ignored.
 */
import { FIGURE_RARITIES, FIGURE_SORTS, SLUG_PATTERN, type FigureRarity } from '@arttoy/shared/contracts/api';
import { pageFromSearch } from './page-number';

export type FigureSort = (typeof FIGURE_SORTS)[number];

export const SORT_LABELS: Record<FigureSort, string> = {
  catalogue: 'Line-up order',
  name: 'Name, A to Z',
  newest: 'Newest series first',
};

export interface StyleQuery {
  sort: FigureSort;
  rarity: FigureRarity | undefined;
  series: string | undefined;
  page: number;
}

export const DEFAULT_STYLE_QUERY: StyleQuery = {
  sort: 'catalogue',
  rarity: undefined,
  series: undefined,
  page: 1,
};

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The query, plus a plain sentence for each value that was ignored. */
export function parseStyleQuery(search: URLSearchParams): { query: StyleQuery; ignored: string[] } {
  const ignored: string[] = [];
  const query = { ...DEFAULT_STYLE_QUERY };
  const sort = search.get('sort');
  if (sort !== null) {
    if (isOneOf(FIGURE_SORTS, sort)) query.sort = sort;
    else ignored.push(`There is no sort called “${sort}”; showing ${SORT_LABELS.catalogue.toLowerCase()}.`);
  }
  const rarity = search.get('rarity');
  if (rarity !== null && rarity !== '') {
    if (isOneOf(FIGURE_RARITIES, rarity)) query.rarity = rarity;
    else ignored.push(`“${rarity}” is not a rarity (regular or secret); showing every figure.`);
  }
  const series = search.get('series');
  if (series !== null && series !== '') {
    if (SLUG_PATTERN.test(series) && series.length <= 80) query.series = series;
    else ignored.push(`“${series}” is not a series name; showing every series.`);
  }
  const page = pageFromSearch(search);
  if (page === null)
    ignored.push(`“${search.get('page') ?? ''}” is not a page number; showing the first page.`);
  else query.page = page;
  return { query, ignored };
}

/** The query string of a view (defaults left out, so the plain URL is the default view). */
export function styleSearch(query: StyleQuery): string {
  const params = new URLSearchParams();
  if (query.sort !== DEFAULT_STYLE_QUERY.sort) params.set('sort', query.sort);
  if (query.rarity) params.set('rarity', query.rarity);
  if (query.series) params.set('series', query.series);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
