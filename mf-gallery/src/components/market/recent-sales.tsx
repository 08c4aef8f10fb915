import { formatPrice } from '@arttoy/shared/contracts';
import type { FigureMarket, Money } from '@arttoy/shared/contracts/api';
import { PriceChart } from './price-chart';

/** The figure's recent sales: last, lowest and median price (the API's figures), and the chart. */
export function RecentSales({ market, figureName }: { market: FigureMarket; figureName: string }) {
  const figures: Array<[string, Money | null]> = [
    ['Last', market.lastPrice],
    ['Lowest', market.lowestPrice],
    ['Median', market.medianPrice],
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
