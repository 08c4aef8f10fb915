import { screen, within } from '@testing-library/react';
import { seriesAsksSchema } from '@arttoy/shared/contracts/api';
import { mountGallery } from '../../test/mount-gallery';

/** Croissant Cub (id 1) from $12.50 in 3 listings, Golden Souffle (id 3) from $88.00 in 1; Macaron Mouse (id 2) unsold. */
const ASKS = seriesAsksSchema.parse({
  items: [
    { figureId: 1, lowestAsk: { amountMinor: 1_250, currency: 'USD' }, listings: 3 },
    { figureId: 3, lowestAsk: { amountMinor: 8_800, currency: 'USD' }, listings: 1 },
  ],
}).items;

async function lineup(): Promise<HTMLElement[]> {
  const region = await screen.findByRole('region', { name: 'The line-up' });
  return within(region).getAllByRole('listitem');
}

describe("a series page: each figure's lowest ask", () => {
  it('shows "From $X · N listed" under the figures collectors sell, and nothing under the others', async () => {
    const { api } = mountGallery('/gallery/series/cloud-bakery');
    api.market.asks['cloud-bakery'] = ASKS;
    const [croissant, macaron, souffle] = await lineup();
    expect(await within(croissant!).findByText('From $12.50 · 3 listed')).toBeVisible();
    expect(within(souffle!).getByText('From $88.00 · 1 listed')).toBeVisible();
    expect(within(macaron!).queryByText(/listed$/)).not.toBeInTheDocument();
    expect(api.requested).toContain('/api/market/asks?series=cloud-bakery');
  });

  it('leaves the line-up whole when the asks cannot be read', async () => {
    const { api } = mountGallery('/gallery/series/cloud-bakery');
    api.fail('/api/market/asks', 500);
    const items = await lineup();
    await within(items[2]!).findByText('0.7%');
    expect(api.failed).toContain('500 /api/market/asks?series=cloud-bakery');
    expect(screen.queryByText(/listed$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
