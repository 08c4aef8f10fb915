import { formatDate, formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import type { Sale } from '@arttoy/shared/contracts/api';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 10;
/** The chart is rendered on the server too: its times are written in UTC there and in the browser alike. */
const SERVED_TIME_ZONE = 'UTC';

/** Where each sale sits: time across, price up; a single sale (or one price, or one moment) sits in the middle. */
export function chartPoints(sales: readonly Sale[]): Array<{ x: number; y: number }> {
  const times = sales.map((sale) => Date.parse(sale.soldAt));
  const prices = sales.map((sale) => sale.price.amountMinor);
  const scale = (value: number, low: number, high: number, span: number) =>
    high === low ? span / 2 : ((value - low) / (high - low)) * span;
  const [firstTime, lastTime] = [Math.min(...times), Math.max(...times)];
  const [lowest, highest] = [Math.min(...prices), Math.max(...prices)];
  return sales.map((_, index) => ({
    x: Math.round((PAD + scale(times[index]!, firstTime, lastTime, WIDTH - 2 * PAD)) * 10) / 10,
    y: Math.round((HEIGHT - PAD - scale(prices[index]!, lowest, highest, HEIGHT - 2 * PAD)) * 10) / 10,
  }));
}

/** What the chart shows, in words: the screen reader's version of the line. */
export function chartSummary(sales: readonly Sale[], figureName: string): string {
  const first = sales[0];
  const last = sales.at(-1);
  if (!first || !last) return `No sales of ${figureName} yet.`;
  const amounts = sales.map((sale) => sale.price.amountMinor);
  const money = (amountMinor: number) => formatPrice({ amountMinor, currency: first.price.currency });
  if (sales.length === 1)
    return `Sale price of ${figureName}: one sale, ${formatPrice(first.price)} on ${formatDate(first.soldAt)}.`;
  return (
    `Sale prices of ${figureName} over the last ${sales.length} sales: from ${formatPrice(first.price)} on ${formatDate(first.soldAt)} ` +
    `to ${formatPrice(last.price)} on ${formatDate(last.soldAt)}, between ${money(Math.min(...amounts))} and ${money(Math.max(...amounts))}.`
  );
}

/**
 * Recent sale prices over time, oldest first, as a small inline SVG (no chart library: a line and
 * its dots). For screen readers the picture is one image with a summary, and a visually hidden
 * table lists every sale.
 */
export function PriceChart({ sales, figureName }: { sales: readonly Sale[]; figureName: string }) {
  const first = sales[0];
  const last = sales.at(-1);
  if (!first || !last) return null;
  const points = chartPoints(sales);
  return (
    <figure className="gallery-chart">
      <svg
        role="img"
        aria-label={chartSummary(sales, figureName)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="gallery-chart__svg"
      >
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="gallery-chart__axis" />
        {points.length > 1 ? (
          <polyline
            points={points.map(({ x, y }) => `${x},${y}`).join(' ')}
            className="gallery-chart__line"
          />
        ) : null}
        {points.map(({ x, y }, index) => (
          <circle key={index} cx={x} cy={y} r={3.5} className="gallery-chart__dot" />
        ))}
      </svg>
      <figcaption className="gallery-chart__caption">
        {sales.length === 1
          ? `One sale, ${formatDate(first.soldAt)}`
          : `Last ${sales.length} sales, ${formatDate(first.soldAt)} to ${formatDate(last.soldAt)}`}
      </figcaption>
      <table className="visually-hidden">
        <caption>Recent sales of {figureName}, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Sold on</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale, index) => (
            <tr key={index}>
              <td>{formatDateTime(sale.soldAt, SERVED_TIME_ZONE)}</td>
              <td>{formatPrice(sale.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
