import { screen } from '@testing-library/react';
import { mountGallery, remoteFailure } from '../test/mount-gallery';

describe('/gallery/{path}', () => {
  it('shows the figure of that slug', async () => {
    mountGallery('/gallery/macaron-mouse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Macaron Mouse' })).toBeVisible();
    expect(document.querySelector('[data-route="gallery-path"]')).not.toBeNull();
  });

  it('shows the series of that slug', async () => {
    mountGallery('/gallery/pastel-picnic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pastel Picnic' })).toBeVisible();
  });

  it('hands a slug that is neither to the shell as a 404', async () => {
    mountGallery('/gallery/nothing-here');
    expect(await screen.findByRole('alert')).toHaveTextContent(remoteFailure('Page not found: /gallery/nothing-here'));
  });
});
