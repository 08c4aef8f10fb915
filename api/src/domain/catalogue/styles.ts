/** Styles: the gallery's top level, in display order. */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Page, PageQuery, Style, StyleDetail } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { figures, series, styles } from '../../db/schema';
import { offsetOf, toPage, totalOverAll } from '../pagination';
import { qualified } from './columns';
import { listSeriesOfStyle } from './series';
import type { CatalogueUrls } from './urls';

const styleColumns = {
  id: styles.id,
  slug: styles.slug,
  name: styles.name,
  description: styles.description,
  seriesCount:
    sql<number>`(select count(*)::int from ${series} where ${qualified(series.styleId)} = ${qualified(styles.id)})`.mapWith(
      Number,
    ),
  /** The first figure of the style's first series (gallery order), for the style's card. */
  coverSlug: sql<string | null>`(select ${qualified(figures.slug)}
    from ${figures} inner join ${series} on ${qualified(series.id)} = ${qualified(figures.seriesId)}
    where ${qualified(series.styleId)} = ${qualified(styles.id)}
    order by ${qualified(series.position)}, ${qualified(series.id)}, ${qualified(figures.number)}
    limit 1)`,
};

type StyleRow = { coverSlug: string | null } & Omit<Style, 'coverArtUrl'>;

function toStyle(row: StyleRow, urls: CatalogueUrls): Style {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    seriesCount: row.seriesCount,
    coverArtUrl: row.coverSlug === null ? null : urls.figureArt(row.coverSlug),
  };
}

export async function listStyles(db: Db, query: PageQuery, urls: CatalogueUrls): Promise<Page<Style>> {
  const rows = await db
    .select({ ...styleColumns, total: totalOverAll() })
    .from(styles)
    .orderBy(asc(styles.position), asc(styles.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return toPage(
    rows,
    query,
    (row) => toStyle(row, urls),
    async () => (await db.select({ n: count() }).from(styles))[0]?.n ?? 0,
  );
}

export async function getStyle(db: Db, slug: string, urls: CatalogueUrls): Promise<StyleDetail | null> {
  const [style] = await db.select(styleColumns).from(styles).where(eq(styles.slug, slug));
  if (!style) return null;
  return { ...toStyle(style, urls), series: await listSeriesOfStyle(db, style.id, urls) };
}
