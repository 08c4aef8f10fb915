import { formatPrice } from '@arttoy/shared/contracts';
import type { FigureMarket, Money } from '@arttoy/shared/contracts/api';
import { PriceChart } from './price-chart';

/**
 * What the median is of: "Median of 3 sales"; of an even count it is the midpoint of the two middle
 * prices, and says so.
 */
export function medianLabel(count: number): string {
  const of = `Median of ${count} ${count === 1 ? 'sale' : 'sales'}`;
  return count % 2 === 0 ? `${of} (midpoint of the middle two)` : of;
}

/** The figure's recent sales: last, lowest and median price (the API's figures), and the chart. */
export function RecentSales({ market, figureName }: { market: FigureMarket; figureName: string }) {
  const figures: Array<[string, Money | null]> = [
    ['Last', market.lastPrice],
    ['Lowest', market.lowestPrice],
    [medianLabel(market.sales.length), market.medianPrice],
  ];
  return (
    <div className="gallery-sales">
      <h3>Recent sales</h3>
      {market.sales.length === 0 ? (
        <p className="gallery-sales__none">No sales yet: the first one will show here.</p>
      ) : (
        <>
          <dl className="gallery-sales__figures">
            {figures.map(([label, price]) =>
              price ? (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatPrice(price)}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <PriceChart sales={market.sales} figureName={figureName} />
        </>
      )}
    </div>
  );
}
