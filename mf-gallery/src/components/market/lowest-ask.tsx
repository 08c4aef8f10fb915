import { formatPrice } from '@arttoy/shared/contracts';
import type { SeriesAsks } from '@arttoy/shared/contracts/api';
import { seriesAsks } from '../../api/market';
import { usePageQuery } from '@arttoy/shared/query';

type Ask = SeriesAsks['items'][number];

const NONE: ReadonlyMap<number, Ask> = new Map();

/**
 * Each figure's lowest ask in a series, by figure id, read after the page shows. Empty while it
 * loads and if it fails: the asks add to the line-up, which is complete without them.
 */
export function useLowestAsks(seriesSlug: string): ReadonlyMap<number, Ask> {
  const asks = usePageQuery(seriesAsks(seriesSlug));
  if (asks.status !== 'success') return NONE;
  return new Map(asks.data.items.map((item) => [item.figureId, item]));
}

/** "From $12.00 · 3 listed" under a figure that collectors sell; nothing for one that nobody does. */
export function LowestAsk({ ask }: { ask: Ask | undefined }) {
  if (!ask) return null;
  return (
    <p className="gallery-lineup__ask">
      From {formatPrice(ask.lowestAsk)} · {ask.listings} listed
    </p>
  );
}
