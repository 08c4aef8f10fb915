/** What a gallery path (/gallery/{slug}) names: a figure or a series. */
import { and, eq, not } from 'drizzle-orm';
import type { GalleryPath } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { figures, series } from '../../db/schema';
import { hiddenSecret } from './columns';

/**
 * The figure with this slug, else the series, else null. Figures first, as the gallery has always
 * read them: a figure's slug starts with its series' slug, so the two never name the same thing.
 */
export async function resolveGalleryPath(db: Db, slug: string): Promise<GalleryPath | null> {
  // A hidden secret's slug names nothing: its page would tell its name.
  const [figure] = await db
    .select({ id: figures.id })
    .from(figures)
    .where(and(eq(figures.slug, slug), not(hiddenSecret)))
    .limit(1);
  if (figure) return { kind: 'figure', slug };
  const [found] = await db.select({ id: series.id }).from(series).where(eq(series.slug, slug)).limit(1);
  return found ? { kind: 'series', slug } : null;
}
