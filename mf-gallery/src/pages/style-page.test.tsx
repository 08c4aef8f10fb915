import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery, remoteFailure } from '../test/mount-gallery';
import { parseStyleQuery, styleSearch } from './style-query';

const figureNames = (region: HTMLElement) =>
  Array.from(region.querySelectorAll('li.gallery-card .gallery-card__title'), (title) => title.textContent);

describe('/gallery/style/{style}', () => {
  it("shows the style's series and figures", async () => {
    mountGallery('/gallery/style/kawaii-pop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kawaii Pop' })).toBeVisible();
    expect(document.title).toBe('Kawaii Pop · ArtToy Club');
    const series = screen.getByRole('region', { name: 'Series in Kawaii Pop' });
    expect(
      within(series)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/gallery/series/cloud-bakery', '/gallery/series/pastel-picnic']);
    const figures = screen.getByRole('region', { name: 'Figures' });
    await within(figures).findByText('5 figures');
    expect(figureNames(figures)).toEqual([
      'Croissant Cub',
      'Macaron Mouse',
      'Golden Souffle',
      'Jam Jar Fox',
      'Rainbow Ghost',
    ]);
  });

  it('reads sort and filters from the URL and asks the API for exactly that', async () => {
    const { api } = mountGallery('/gallery/style/kawaii-pop?sort=name&rarity=secret');
    const figures = await screen.findByRole('region', { name: 'Figures' });
    await within(figures).findByText('2 figures');
    expect(figureNames(figures)).toEqual(['Golden Souffle', 'Rainbow Ghost']);
    expect(api.requested).toContain(
      '/api/figures?style=kawaii-pop&sort=name&rarity=secret&pageSize=12&page=1',
    );
    expect(within(figures).getByLabelText('Sort by')).toHaveValue('name');
    expect(within(figures).getByLabelText('Rarity')).toHaveValue('secret');
  });

  it('writes a changed filter into the URL, back at page 1', async () => {
    const { router } = mountGallery('/gallery/style/kawaii-pop?page=1');
    const figures = await screen.findByRole('region', { name: 'Figures' });
    await within(figures).findByText('5 figures');
    await userEvent.selectOptions(within(figures).getByLabelText('Series'), 'pastel-picnic');
    await waitFor(() => expect(router.state.location.search).toBe('?series=pastel-picnic'));
    await within(figures).findByText('2 figures');
    expect(figureNames(figures)).toEqual(['Jam Jar Fox', 'Rainbow Ghost']);
  });

  it('falls back from values it does not know and says so', async () => {
    mountGallery('/gallery/style/kawaii-pop?sort=price&rarity=mythic&series=star-courier');
    const figures = await screen.findByRole('region', { name: 'Figures' });
    await within(figures).findByText('5 figures');
    expect(
      within(figures).getByText('There is no sort called “price”; showing line-up order.'),
    ).toBeVisible();
    expect(
      within(figures).getByText('“mythic” is not a rarity (regular or secret); showing every figure.'),
    ).toBeVisible();
    expect(
      within(figures).getByText('Kawaii Pop has no series “star-courier”; showing every series.'),
    ).toBeVisible();
  });

  it('says so when no figure matches', async () => {
    mountGallery('/gallery/style/empty-style');
    expect(await screen.findByText(/No figures match these filters\./)).toBeVisible();
    expect(screen.getByText('No series in this style yet.')).toBeVisible();
  });

  it('hands an unknown style to the shell as a 404', async () => {
    mountGallery('/gallery/style/no-such-style');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      remoteFailure('Page not found: /gallery/style/no-such-style'),
    );
  });
});

describe('parseStyleQuery', () => {
  it('round-trips a view through the URL, leaving defaults out', () => {
    const { query, ignored } = parseStyleQuery(
      new URLSearchParams('sort=newest&rarity=regular&series=cloud-bakery&page=3'),
    );
    expect(ignored).toEqual([]);
    expect(styleSearch(query)).toBe('?sort=newest&rarity=regular&series=cloud-bakery&page=3');
    expect(styleSearch(parseStyleQuery(new URLSearchParams('sort=catalogue&page=1')).query)).toBe('');
  });

  it('ignores a bad page number and a malformed series name', () => {
    const { query, ignored } = parseStyleQuery(new URLSearchParams('page=-2&series=Bad Name'));
    expect(query).toMatchObject({ page: 1, series: undefined });
    expect(ignored).toHaveLength(2);
  });
});
