import { render, screen, within } from '@testing-library/react';
import { sale } from '../../test/market-fixtures';
import { chartPoints, chartSummary, PriceChart } from './price-chart';

describe('the price chart', () => {
  const sales = [
    sale(2_000, '2026-11-01T12:00:00.000Z'),
    sale(1_000, '2026-11-11T12:00:00.000Z'),
    sale(3_000, '2026-11-21T12:00:00.000Z'),
  ];

  it('puts time across and price up: the oldest at the left, the dearest at the top', () => {
    const [first, cheapest, dearest] = chartPoints(sales);
    expect(first?.x).toBe(10);
    expect(cheapest?.x).toBe(160);
    expect(dearest?.x).toBe(310);
    expect(dearest?.y).toBe(10);
    expect(cheapest?.y).toBe(110);
    expect(first?.y).toBe(60);
  });

  it('puts a lone sale, or equal prices, in the middle', () => {
    expect(chartPoints([sales[0]!])).toEqual([{ x: 160, y: 60 }]);
    expect(
      chartPoints([sale(500, '2026-11-01T12:00:00.000Z'), sale(500, '2026-11-02T12:00:00.000Z')]).map(
        (point) => point.y,
      ),
    ).toEqual([60, 60]);
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
    expect(container.querySelector('polyline')).toHaveAttribute('points', '10,60 160,110 310,10');
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    const rows = within(
      screen.getByRole('table', { name: 'Recent sales of Moon Owl, oldest first' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.lastChild?.textContent)).toEqual(['$20.00', '$10.00', '$30.00']);
    expect(screen.getByText('Last 3 sales, November 1, 2026 to November 21, 2026')).toBeVisible();
  });

  it('draws nothing without sales', () => {
    const { container } = render(<PriceChart sales={[]} figureName="Moon Owl" />);
    expect(container).toBeEmptyDOMElement();
  });
});
