import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery } from '../test/mount-gallery';

/** The cards of a section (its list items, leaving out the pagination's). */
const cardsIn = (section: HTMLElement) =>
  Array.from(section.querySelectorAll<HTMLElement>('li.gallery-card'));

describe('/gallery', () => {
  it('shows the styles, featured and newest series as image cards, and the first page of every series', async () => {
    mountGallery('/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    const styles = await screen.findByRole('region', { name: 'Styles' });
    const styleLinks = await within(styles).findAllByRole('link');
    expect(styleLinks.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/gallery/style/kawaii-pop', 'Kawaii Pop2 series'],
      ['/gallery/style/retro-mecha', 'Retro Mecha6 series'],
      ['/gallery/style/empty-style', 'Empty Style0 series'],
    ]);
    const featured = screen.getByRole('region', { name: 'Featured: boxes on sale now' });
    expect((await within(featured).findAllByRole('link')).map((link) => link.getAttribute('href'))).toEqual([
      '/gallery/series/cloud-bakery',
      '/gallery/series/tin-guardians',
      '/gallery/series/star-courier',
      '/gallery/series/bolt-buddies',
      '/gallery/series/gear-garden',
      '/gallery/series/rust-rangers',
    ]);
    const newest = screen.getByRole('region', { name: 'Newest series' });
    expect((await within(newest).findAllByRole('link'))[0]).toHaveAttribute(
      'href',
      '/gallery/series/moon-miners',
    );
    const all = screen.getByRole('region', { name: 'All series' });
    await within(all).findAllByRole('listitem');
    expect(cardsIn(all)).toHaveLength(6);
    expect(within(all).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('sizes every card image and loads below-the-fold images lazily', async () => {
    mountGallery('/gallery');
    const all = await screen.findByRole('region', { name: 'All series' });
    await within(all).findAllByRole('listitem');
    const images = Array.from(document.querySelectorAll('img'));
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) {
      expect(image).toHaveAttribute('width', '240');
      expect(image).toHaveAttribute('height', '240');
      expect(image).toHaveAttribute('alt');
    }
    expect(
      within(all)
        .getAllByRole('presentation', { hidden: true })
        .every((image) => image.getAttribute('loading') === 'lazy'),
    ).toBe(true);
    expect(screen.getByRole('region', { name: 'Styles' }).querySelector('img')).toHaveAttribute(
      'loading',
      'eager',
    );
  });

  it('keeps the page in the URL, and reads the next page ahead', async () => {
    const { api, router } = mountGallery('/gallery');
    const all = await screen.findByRole('region', { name: 'All series' });
    await within(all).findAllByRole('listitem');
    await waitFor(() => expect(api.requested).toContain('/api/series?page=2&pageSize=6'));
    const before = api.requested.length;
    await userEvent.click(within(all).getByRole('link', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(all).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(cardsIn(all).map((item) => item.textContent)).toEqual([
      expect.stringContaining('Rust Rangers'),
      expect.stringContaining('Moon Miners'),
    ]);
    // Page 2 came from the read-ahead: no new request for it.
    expect(api.requested.slice(before)).not.toContain('/api/series?page=2&pageSize=6');
  });

  it('says when ?page= is not a page number, and when a page is past the end', async () => {
    const { navigate } = mountGallery('/gallery?page=two');
    // Asked again until it holds: the notice can show, then be empty for a moment while the page settles.
    await waitFor(() =>
      expect(screen.getByText('“two” is not a page number, so this is the first page.')).toBeVisible(),
    );
    await navigate('/gallery?page=9');
    await waitFor(() => expect(screen.getByText(/There is no page 9\./)).toBeVisible());
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/gallery');
  });

  it('shows skeletons while loading, then a plain error with a retry that works', async () => {
    // Two failures: the client retries a GET once, then the page shows the error.
    const { api } = mountGallery('/gallery');
    api.fail('/api/styles', 503, 2);
    expect(await screen.findByRole('status', { name: 'Loading the styles' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The styles could not be loaded. The gallery is having trouble right now.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const styles = screen.getByRole('region', { name: 'Styles' });
    expect(await within(styles).findAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
