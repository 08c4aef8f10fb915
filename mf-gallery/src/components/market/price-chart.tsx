import { formatDate, formatDateTime, formatPrice, formatShortDate } from '@arttoy/shared/contracts';
import type { Sale } from '@arttoy/shared/contracts/api';
import { priceAxis, share, timeTicks } from './chart-scale';

const WIDTH = 360;
const HEIGHT = 200;
/** Room for the price labels at the left, the dates below, and the last sale's label above. */
const PLOT = { left: 60, right: 344, top: 24, bottom: 168 } as const;
const DATE_BASELINE = 188;
/** The chart is rendered on the server too: its times are written in UTC there and in the browser alike. */
const SERVED_TIME_ZONE = 'UTC';

/** A day on the time axis, "Nov 1, 2026": in UTC, so a server render and the browser agree. */
const axisDay = (time: number) => formatShortDate(new Date(time).toISOString(), 'UTC');

type Anchor = 'start' | 'middle' | 'end';
/** A label at the left edge starts there, one at the right edge ends there, others centre. */
const anchorAt = (fraction: number): Anchor => (fraction <= 0 ? 'start' : fraction >= 1 ? 'end' : 'middle');

export interface ChartLayout {
  points: Array<{ x: number; y: number }>;
  prices: Array<{ y: number; label: string }>;
  days: Array<{ x: number; label: string; anchor: Anchor }>;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Where each sale sits (time across, price up) and what the axes name: the price axis from a round
 * floor (chart-scale.ts), so a small change stays small; a single sale, or one moment, sits in the
 * middle of the time axis.
 */
export function chartLayout(sales: readonly Sale[]): ChartLayout {
  const currency = sales[0]?.price.currency ?? 'USD';
  const times = sales.map((sale) => Date.parse(sale.soldAt));
  const axis = priceAxis(sales.map((sale) => sale.price.amountMinor));
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const x = (time: number) => round(PLOT.left + share(time, first, last) * (PLOT.right - PLOT.left));
  const y = (amountMinor: number) =>
    round(PLOT.bottom - share(amountMinor, axis.floor, axis.ceiling) * (PLOT.bottom - PLOT.top));
  return {
    points: sales.map((sale, index) => ({ x: x(times[index]!), y: y(sale.price.amountMinor) })),
    prices: axis.ticks.map((tick) => ({ y: y(tick), label: formatPrice({ amountMinor: tick, currency }) })),
    days:
      sales.length === 0
        ? []
        : timeTicks(first, last, axisDay).map((time) => ({
            x: x(time),
            label: axisDay(time),
            anchor: anchorAt(share(time, first, last)),
          })),
  };
}

/** The last sale in words: "$30.00 on November 21, 2026". */
const saleInWords = (sale: Sale) => `${formatPrice(sale.price)} on ${formatDate(sale.soldAt)}`;

/** What the chart shows, in words: the screen reader's version of the line. */
export function chartSummary(sales: readonly Sale[], figureName: string): string {
  const first = sales[0];
  const last = sales.at(-1);
  if (!first || !last) return `No sales of ${figureName} yet.`;
  const amounts = sales.map((sale) => sale.price.amountMinor);
  const money = (amountMinor: number) => formatPrice({ amountMinor, currency: first.price.currency });
  if (sales.length === 1) return `Sale price of ${figureName}: one sale, ${saleInWords(first)}.`;
  return (
    `Sale prices of ${figureName} over the last ${sales.length} sales: from ${saleInWords(first)} ` +
    `to ${saleInWords(last)}, between ${money(Math.min(...amounts))} and ${money(Math.max(...amounts))}.`
  );
}

/**
 * Recent sale prices over time, oldest first, as a small inline SVG (no chart library): prices up
 * the left from a round floor, days along the bottom, a line through the sales and the last one
 * labelled with its price. For screen readers the picture is one image with a summary, and a
 * visually hidden table lists every sale.
 */
export function PriceChart({ sales, figureName }: { sales: readonly Sale[]; figureName: string }) {
  const first = sales[0];
  const last = sales.at(-1);
  if (!first || !last) return null;
  const { points, prices, days } = chartLayout(sales);
  const lastPoint = points.at(-1)!;
  // The last sale's label sits above its dot, or below when the dot is at the top.
  const labelY = lastPoint.y - 10 < PLOT.top - 8 ? lastPoint.y + 18 : lastPoint.y - 10;
  const lastLabel =
    sales.length === 1
      ? `${formatPrice(last.price)} · ${axisDay(Date.parse(last.soldAt))}`
      : formatPrice(last.price);
  return (
    <figure className="gallery-chart">
      <svg
        role="img"
        aria-label={chartSummary(sales, figureName)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="gallery-chart__svg"
      >
        <g className="gallery-chart__prices" data-axis="price">
          {prices.map(({ y, label }) => (
            <g key={label}>
              <line x1={PLOT.left} y1={y} x2={PLOT.right} y2={y} className="gallery-chart__grid" />
              <text x={PLOT.left - 6} y={y} dy="0.35em" textAnchor="end" className="gallery-chart__label">
                {label}
              </text>
            </g>
          ))}
        </g>
        <line
          x1={PLOT.left}
          y1={PLOT.bottom}
          x2={PLOT.right}
          y2={PLOT.bottom}
          className="gallery-chart__axis"
        />
        <g className="gallery-chart__days" data-axis="time">
          {days.map(({ x, label, anchor }) => (
            <text key={label} x={x} y={DATE_BASELINE} textAnchor={anchor} className="gallery-chart__label">
              {label}
            </text>
          ))}
        </g>
        {points.length > 1 ? (
          <polyline
            points={points.map(({ x, y }) => `${x},${y}`).join(' ')}
            className="gallery-chart__line"
          />
        ) : null}
        {points.map(({ x, y }, index) => (
          <circle key={index} cx={x} cy={y} r={3.5} className="gallery-chart__dot" />
        ))}
        <circle cx={lastPoint.x} cy={lastPoint.y} r={6} className="gallery-chart__last" />
        <text
          x={lastPoint.x}
          y={labelY}
          textAnchor={sales.length === 1 ? 'middle' : 'end'}
          className="gallery-chart__label gallery-chart__label--last"
        >
          {lastLabel}
        </text>
      </svg>
      <figcaption className="gallery-chart__caption">
        <strong>Last sale: {saleInWords(last)}</strong>
        {sales.length === 1
          ? ' · the only sale so far'
          : ` · ${sales.length} sales since ${formatDate(first.soldAt)}`}
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
