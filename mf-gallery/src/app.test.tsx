import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery } from './test/mount-gallery';

describe('mf_gallery ./app', () => {
  it.each([
    ['/gallery', 'gallery', 'Gallery'],
    ['/gallery/style/retro-mecha', 'gallery-style-style', 'Retro Mecha'],
    ['/gallery/series/tin-guardians', 'gallery-series-style', 'Tin Guardians'],
    ['/gallery/style/detail/croissant-cub', 'gallery-style-detail-detail', 'Croissant Cub'],
    ['/gallery/tin-guardians', 'gallery-path', 'Tin Guardians'],
  ])('renders %s as its route %s', async (path, routeId, heading) => {
    mountGallery(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(document.querySelectorAll('[data-owner="mf_gallery"]')).toHaveLength(1);
    expect(document.querySelector('[data-owner="mf_gallery"]')).toHaveAttribute('data-route', routeId);
  });

  it('drives the one router from its own links, under its basename', async () => {
    const { router } = mountGallery('/gallery');
    const link = await screen.findByRole('link', { name: /^Retro Mecha/ });
    expect(link).toHaveAttribute('href', '/gallery/style/retro-mecha');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Retro Mecha' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/gallery/style/retro-mecha');
  });

  it('shows a page again after a 404 when the visitor moves on', async () => {
    const { navigate } = mountGallery('/gallery/style/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Page not found: /gallery/style/nope');
    await navigate('/gallery/style/kawaii-pop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kawaii Pop' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
