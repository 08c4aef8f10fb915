import { render, screen, within } from '@testing-library/react';
import { sale } from '../../test/market-fixtures';
import { chartLayout, chartSummary, PriceChart } from './price-chart';

describe('the price chart', () => {
  const sales = [
    sale(2_000, '2026-11-01T12:00:00.000Z'),
    sale(1_000, '2026-11-11T12:00:00.000Z'),
    sale(3_000, '2026-11-21T12:00:00.000Z'),
  ];
  const texts = (container: HTMLElement, axis: string) =>
    [...container.querySelectorAll(`[data-axis="${axis}"] text`)].map((text) => text.textContent);

  it('puts time across and price up: the oldest at the left, the dearest highest', () => {
    const { points } = chartLayout(sales);
    const [first, cheapest, dearest] = points;
    expect(first!.x).toBeLessThan(cheapest!.x);
    expect(cheapest!.x).toBeLessThan(dearest!.x);
    expect(dearest!.y).toBeLessThan(first!.y);
    expect(first!.y).toBeLessThan(cheapest!.y);
  });

  it('does not draw a $3.50 change as a full-height line', () => {
    const { points, prices } = chartLayout([
      sale(2_450, '2026-11-01T12:00:00.000Z'),
      sale(2_800, '2026-11-02T12:00:00.000Z'),
    ]);
    const top = Math.min(...prices.map((price) => price.y));
    const bottom = Math.max(...prices.map((price) => price.y));
    const rise = points[0]!.y - points[1]!.y;
    expect(rise).toBeGreaterThan(0);
    expect(rise / (bottom - top)).toBeLessThan(0.5);
    expect(prices.map((price) => price.label)).toEqual(['$22.00', '$24.00', '$26.00', '$28.00', '$30.00']);
  });

  it('labels the price axis with prices and the time axis with dates', () => {
    const { container } = render(<PriceChart sales={sales} figureName="Moon Owl" />);
    expect(texts(container, 'price')).toEqual(['$10.00', '$15.00', '$20.00', '$25.00', '$30.00']);
    expect(texts(container, 'time')).toEqual(['Nov 1, 2026', 'Nov 11, 2026', 'Nov 21, 2026']);
  });

  it("writes out the last sale's price and date", () => {
    const { container } = render(<PriceChart sales={sales} figureName="Moon Owl" />);
    expect(screen.getByText('Last sale: $30.00 on November 21, 2026')).toBeVisible();
    expect(screen.getByText(/3 sales since November 1, 2026/)).toBeVisible();
    expect(container.querySelector('.gallery-chart__label--last')).toHaveTextContent('$30.00');
  });

  it('shows a single sale as a labelled point with its price and date, centred', () => {
    const one = [sale(2_000, '2026-11-01T12:00:00.000Z')];
    const { container } = render(<PriceChart sales={one} figureName="Moon Owl" />);
    expect(container.querySelector('polyline')).toBeNull();
    const [point] = chartLayout(one).points;
    expect(point!.x).toBe(202);
    expect(container.querySelector('.gallery-chart__label--last')).toHaveTextContent('$20.00 · Nov 1, 2026');
    expect(texts(container, 'time')).toEqual(['Nov 1, 2026']);
    expect(texts(container, 'price')).toContain('$20.00');
    expect(screen.getByText('Last sale: $20.00 on November 1, 2026')).toBeVisible();
  });

  it('summarises the line in words for its accessible name, one sale too', () => {
    expect(chartSummary(sales, 'Moon Owl')).toBe(
      'Sale prices of Moon Owl over the last 3 sales: from $20.00 on November 1, 2026 to $30.00 on November 21, 2026, between $10.00 and $30.00.',
    );
    expect(chartSummary([sales[1]!], 'Moon Owl')).toBe(
      'Sale price of Moon Owl: one sale, $10.00 on November 11, 2026.',
    );
  });

  it('is one image with that name, a line through every sale, and a table of the sales for screen readers', () => {
    const { container } = render(<PriceChart sales={sales} figureName="Moon Owl" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(chartSummary(sales, 'Moon Owl'));
    const { points } = chartLayout(sales);
    expect(container.querySelector('polyline')).toHaveAttribute(
      'points',
      points.map(({ x, y }) => `${x},${y}`).join(' '),
    );
    expect(container.querySelectorAll('.gallery-chart__dot')).toHaveLength(3);
    const rows = within(
      screen.getByRole('table', { name: 'Recent sales of Moon Owl, oldest first' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.lastChild?.textContent)).toEqual(['$20.00', '$10.00', '$30.00']);
  });

  it('draws nothing without sales', () => {
    const { container } = render(<PriceChart sales={[]} figureName="Moon Owl" />);
    expect(container).toBeEmptyDOMElement();
  });
});
