import { SLUG_PATTERN, type ContentSummary } from '@arttoy/shared/contracts/api';

/** Posts per page of the list: two rows of three on a wide screen. */
export const POSTS_PER_PAGE = 6;

/** A post's link inside the blog (relative to its basename `/blog`), keeping preview mode on. */
export function postHref(post: Pick<ContentSummary, '_path'>, preview: boolean): string {
  const href = post._path.replace(/^\/blog(?=\/)/, '');
  return preview ? `${href}?preview=true` : href;
}

/** A page of the list, with its tag filter and preview mode, as a URL inside the blog. */
export function listHref({
  page = 1,
  tag,
  preview,
}: {
  page?: number;
  tag?: string | null;
  preview: boolean;
}): string {
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  if (preview) query.set('preview', 'true');
  const text = query.toString();
  return text ? `/list?${text}` : '/list';
}

/** `?page=` as a positive integer, null when it is not one. */
export function pageParam(search: URLSearchParams): number | null {
  const raw = search.get('page');
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,3}$/.test(raw) ? Number(raw) : null;
}

/** `?tag=` as a tag slug, undefined when absent, null when it cannot be one. */
export function tagParam(search: URLSearchParams): string | null | undefined {
  const raw = search.get('tag');
  if (raw === null || raw === '') return undefined;
  return SLUG_PATTERN.test(raw) && raw.length <= 80 ? raw : null;
}

/** A tag slug in words: `series-spotlight` → `series spotlight`. */
export function tagLabel(tag: string): string {
  return tag.replace(/[-_]+/g, ' ');
}
