/**
 * The gallery's part of the search index: every series and figure, read from the database at
 * request time (the catalogue changes without a content build). Paths are the gallery's own:
 * `/gallery/series/{slug}`, `/gallery/style/detail/{slug}`.
 */
import { asc, eq } from 'drizzle-orm';
import type { SearchEntry } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { figures, series, styles } from '../db/schema';

export async function catalogueSearchEntries(db: Db): Promise<SearchEntry[]> {
  const [seriesRows, figureRows] = await Promise.all([
    db
      .select({ slug: series.slug, name: series.name, description: series.description, style: styles.name })
      .from(series)
      .innerJoin(styles, eq(series.styleId, styles.id))
      .orderBy(asc(styles.position), asc(styles.id), asc(series.position), asc(series.id)),
    db
      .select({ slug: figures.slug, name: figures.name, description: figures.description, rarity: figures.rarity, series: series.name, style: styles.name })
      .from(figures)
      .innerJoin(series, eq(figures.seriesId, series.id))
      .innerJoin(styles, eq(series.styleId, styles.id))
      .orderBy(asc(series.position), asc(series.id), asc(figures.number)),
  ]);
  return [
    ...seriesRows.map((row) => ({
      id: `series:${row.slug}`,
      kind: 'series' as const,
      path: `/gallery/series/${row.slug}`,
      title: row.name,
      description: `${row.style} series`,
      headings: [row.style],
      text: row.description,
    })),
    ...figureRows.map((row) => ({
      id: `figure:${row.slug}`,
      kind: 'figure' as const,
      path: `/gallery/style/detail/${row.slug}`,
      title: row.name,
      description: `${row.rarity === 'secret' ? 'Secret figure' : 'Figure'} from ${row.series}`,
      headings: [row.series, row.style],
      text: row.description,
    })),
  ];
}
