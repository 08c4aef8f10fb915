import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setPayloadReadAhead } from '@arttoy/shared/federation/page-data';
import { mountGallery, remoteFailure } from '../test/mount-gallery';

describe('/gallery/series/{style} (a series)', () => {
  it('shows every figure with its art, rarity and odds in each box', async () => {
    mountGallery('/gallery/series/cloud-bakery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Bakery' })).toBeVisible();
    const lineup = screen.getByRole('region', { name: 'The line-up' });
    const items = within(lineup).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const art = within(items[0]!).getByRole('img', { name: 'Croissant Cub, figure 1 of Cloud Bakery' });
    expect(art).toHaveAttribute('width', '240');
    expect(art).toHaveAttribute('height', '240');
    expect(within(items[2]!).getByText('Secret')).toBeVisible();
    expect(within(items[0]!).getByText('Regular')).toBeVisible();
    // The secret's published odds in each box, as every page shows odds (rounded with the box's
    // other lines, the exact odds beside): 6 944 ppm ≈ 1 in 144; the hunter box doubles them.
    await within(items[2]!).findByText('0.7%');
    expect(within(items[2]!).getByText('Cloud Bakery Secret Hunter Box').nextSibling).toHaveTextContent(
      '1.4% Exact13,889 in 1,000,000 (about 1 in 72)',
    );
  });

  it('links each box to its page in the mystery box app, through the shell', async () => {
    const { router } = mountGallery('/gallery/series/cloud-bakery');
    const boxes = await screen.findByRole('region', { name: 'Buy a mystery box' });
    const links = within(boxes).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/mysterybox/1', '/mysterybox/2']);
    expect(within(boxes).getByText('$12.99')).toBeVisible();
    expect(
      within(boxes).getByRole('link', { name: 'Buy a box: Cloud Bakery Secret Hunter Box' }),
    ).toHaveAttribute('href', '/mysterybox/2');
    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mysterybox/1'));
  });

  it('writes its release date as every page of the site writes dates', async () => {
    mountGallery('/gallery/series/cloud-bakery');
    expect(await screen.findByText(/released March 15, 2024$/)).toBeVisible();
  });

  it('says so when no box sells the series', async () => {
    mountGallery('/gallery/series/pastel-picnic');
    expect(await screen.findByText('No box of Pastel Picnic is on sale right now.')).toBeVisible();
  });

  it('reads a figure ahead when its link is pointed at', async () => {
    const { api } = mountGallery('/gallery/series/cloud-bakery');
    const link = await screen.findByRole('link', { name: 'Macaron Mouse' });
    expect(api.requested).not.toContain('/api/figures/macaron-mouse');
    await userEvent.hover(link);
    expect(api.requested).toContain('/api/figures/macaron-mouse');
    const before = api.requested.length;
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Macaron Mouse' })).toBeVisible();
    expect(api.requested.slice(before)).not.toContain('/api/figures/macaron-mouse');
  });

  it("where navigations read payloads, asks the shell for the figure page's payload instead of reading the figure itself", async () => {
    const readAhead = jest.fn();
    setPayloadReadAhead(readAhead);
    try {
      const { api } = mountGallery('/gallery/series/cloud-bakery');
      const link = await screen.findByRole('link', { name: 'Macaron Mouse' });
      await userEvent.hover(link);
      expect(readAhead).toHaveBeenCalledWith('/gallery/style/detail/macaron-mouse');
      expect(api.requested).not.toContain('/api/figures/macaron-mouse');
    } finally {
      setPayloadReadAhead(null);
    }
  });

  it('hands an unknown series to the shell as a 404', async () => {
    mountGallery('/gallery/series/no-such-series');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      remoteFailure('Page not found: /gallery/series/no-such-series'),
    );
  });
});
