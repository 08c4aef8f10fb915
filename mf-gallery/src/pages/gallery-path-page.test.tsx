import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountGallery, remoteFailure } from '../test/mount-gallery';

describe('/gallery/{path}', () => {
  it('shows the figure of that slug, asking for nothing that is not there', async () => {
    const { api } = mountGallery('/gallery/macaron-mouse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Macaron Mouse' })).toBeVisible();
    expect(document.querySelector('[data-route="gallery-path"]')).not.toBeNull();
    expect(await screen.findByRole('region', { name: 'Buy a box of this series' })).toBeVisible();
    expect(api.requested).toContain('/api/gallery-paths/macaron-mouse');
    expect(api.failed).toEqual([]);
  });

  it('shows the series of that slug, asking for nothing that is not there', async () => {
    const { api } = mountGallery('/gallery/pastel-picnic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pastel Picnic' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'The line-up' })).toBeVisible();
    expect(api.failed).toEqual([]);
  });

  it('hands a slug that is neither to the shell as a 404', async () => {
    mountGallery('/gallery/nothing-here');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      remoteFailure('Page not found: /gallery/nothing-here'),
    );
  });

  it('says when the catalogue cannot answer, and tries again', async () => {
    const { api } = mountGallery('/gallery/pastel-picnic');
    api.fail('/api/gallery-paths/', 503, 2);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pastel Picnic' })).toBeVisible();
  });
});
