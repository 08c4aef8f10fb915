import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery } from '../test/mount-gallery';

describe('the way to the boxes from every gallery page', () => {
  it.each([
    ['/gallery', 'Gallery'],
    ['/gallery/style/kawaii-pop', 'Kawaii Pop'],
    ['/gallery/series/cloud-bakery', 'Cloud Bakery'],
    ['/gallery/style/detail/croissant-cub', 'Croissant Cub'],
    ['/gallery/cloud-bakery', 'Cloud Bakery'],
  ])('%s links the box list in one tap, through the shell', async (path, heading) => {
    const { router } = mountGallery(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    const link = within(screen.getByRole('complementary', { name: 'Mystery boxes' })).getByRole('link', {
      name: 'Shop mystery boxes',
    });
    expect(link).toHaveAttribute('href', '/mysterybox');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mysterybox'));
  });
});
