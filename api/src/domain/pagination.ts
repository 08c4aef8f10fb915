import { sql } from 'drizzle-orm';
import type { Page, PageQuery } from '@arttoy/shared/contracts/api';

export const offsetOf = (query: PageQuery): number => (query.page - 1) * query.pageSize;

/**
 * The number of rows the query matches, on every row of the page: one query for the page and its
 * total instead of two (each query is a round trip through PGlite or to the server).
 */
export const totalOverAll = () => sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * A page from rows selected with `totalOverAll()`. An empty page past the first cannot tell the
 * total, so only then is it counted separately. A page past the last one is empty, not an error.
 */
export async function toPage<Row extends { total: number }, Item>(
  rows: Row[],
  query: PageQuery,
  toItem: (row: Row) => Item,
  countAll: () => Promise<number>,
): Promise<Page<Item>> {
  const total = rows[0]?.total ?? (query.page > 1 ? await countAll() : 0);
  return {
    items: rows.map(toItem),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/** `%text%` for ILIKE, with the pattern characters of the text itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
