import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery, remoteFailure } from '../test/mount-gallery';

describe('/gallery/style/detail/{detail} (a figure)', () => {
  it('shows large art, its series, style, rarity, details and odds', async () => {
    mountGallery('/gallery/style/detail/golden-souffle');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Souffle' })).toBeVisible();
    const art = screen.getByRole('img', { name: 'Golden Souffle: Golden Souffle of Cloud Bakery.' });
    expect(art).toHaveAttribute('width', '480');
    expect(art).toHaveAttribute('loading', 'eager');
    expect(screen.getAllByRole('link', { name: 'Cloud Bakery' })[0]).toHaveAttribute(
      'href',
      '/gallery/series/cloud-bakery',
    );
    expect(screen.getAllByRole('link', { name: 'Kawaii Pop' })[0]).toHaveAttribute(
      'href',
      '/gallery/style/kawaii-pop',
    );
    expect(screen.getByText('Secret')).toBeVisible();
    expect(screen.getByText('70 mm')).toBeVisible();
    const buy = await screen.findByRole('region', { name: 'Buy a box of this series' });
    expect(await within(buy).findByText('0.7%')).toBeVisible();
    expect(
      within(buy).getByText('6,944 in 1,000,000 (about 1 in 144)', { exact: false }),
    ).toBeInTheDocument();
  });

  it('shows related figures of its series and links to buy a box', async () => {
    const { router } = mountGallery('/gallery/style/detail/croissant-cub');
    const related = await screen.findByRole('region', { name: 'More from Cloud Bakery' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/gallery/style/detail/macaron-mouse', '/gallery/style/detail/golden-souffle']);
    const buy = screen.getByRole('region', { name: 'Buy a box of this series' });
    await userEvent.click(within(buy).getAllByRole('link')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mysterybox/1'));
  });

  it('shows an error with a retry when the figure cannot be read', async () => {
    const { api } = mountGallery('/gallery/style/detail/croissant-cub');
    api.fail('/api/figures/croissant-cub', 500, 2);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This figure could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Croissant Cub' })).toBeVisible();
  });

  it('hands an unknown figure to the shell as a 404', async () => {
    mountGallery('/gallery/style/detail/no-such-figure');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      remoteFailure('Page not found: /gallery/style/detail/no-such-figure'),
    );
  });
});
