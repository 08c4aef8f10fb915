import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

describe('mf_blog ./app', () => {
  it.each(routeSamples('mf_blog'))('renders $route.id at $path with its params', async ({ route, path, params }) => {
    mountRemote({ name: 'mf_blog', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_blog');
    expect(paramsShown(page)).toEqual(params);
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    const { navigate } = mountRemote({ name: 'mf_blog', app, path: '/blog/list' });
    await findPlaceholder('blog-list');
    await navigate('/blog/first-post');
    expect(paramsShown(await findPlaceholder('blog-id'))).toEqual({ id: 'first-post' });
    await navigate('/blog/second-post');
    expect(paramsShown(await findPlaceholder('blog-id'))).toEqual({ id: 'second-post' });
    expect(placeholdersShown()).toEqual(['blog-id']);
  });
});
