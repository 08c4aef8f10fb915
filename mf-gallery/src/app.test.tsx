import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

describe('mf_gallery ./app', () => {
  it.each(routeSamples('mf_gallery'))('renders $route.id at $path with its params', async ({ route, path, params }) => {
    mountRemote({ name: 'mf_gallery', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_gallery');
    expect(paramsShown(page)).toEqual(params);
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    const { navigate } = mountRemote({ name: 'mf_gallery', app, path: '/gallery' });
    await findPlaceholder('gallery');
    await navigate('/gallery/style/detail/labubu-v2');
    expect(paramsShown(await findPlaceholder('gallery-style-detail-detail'))).toEqual({ detail: 'labubu-v2' });
    expect(placeholdersShown()).toEqual(['gallery-style-detail-detail']);
  });

  it('drives the one router from its own links, under its basename', async () => {
    const { router } = mountRemote({ name: 'mf_gallery', app, path: '/gallery' });
    await findPlaceholder('gallery');
    const link = screen.getByRole('link', { name: 'gallery-series-style' });
    expect(link.getAttribute('href')).toMatch(/^\/gallery\/series\//);
    await userEvent.click(link);
    await findPlaceholder('gallery-series-style');
    expect(router.state.location.pathname).toBe(link.getAttribute('href'));
  });
});
