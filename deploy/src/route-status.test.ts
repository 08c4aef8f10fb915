import { HOME_ALIASES, SITE_ROUTES } from '@arttoy/shared/contracts';
import { sampleOf } from '@arttoy/shared/testing/route-samples';
import { resolveRoute } from './route-status';

describe('resolveRoute', () => {
  const routed = SITE_ROUTES.filter((route) => route.id !== 'slug').map((route) => sampleOf(route));

  it.each(routed)('serves $path ($route.id) with 200 by its owner', ({ route, path }) => {
    expect(resolveRoute(path)).toEqual({ status: 200, owner: route.owner, route });
  });

  it.each(routed.filter(({ path }) => path !== '/'))(
    'serves $path/ with a trailing slash too',
    ({ route, path }) => {
      expect(resolveRoute(`${path}/`)).toMatchObject({
        status: 200,
        owner: route.owner,
        route: { id: route.id },
      });
    },
  );

  it.each(HOME_ALIASES.flatMap((alias) => [alias, `${alias}/`]))(
    'serves the home alias %s with 200 by the shell',
    (alias) => {
      expect(resolveRoute(alias)).toMatchObject({ status: 200, owner: 'shell', route: { id: 'index' } });
    },
  );

  it.each(['/no/such/page', '/about', '/gallery/a/b/c', '/1gk4/more', '/blog/list/more'])(
    'answers the unknown path %s with 404',
    (path) => {
      expect(resolveRoute(path)).toMatchObject({ status: 404, owner: 'shell', route: { id: 'slug' } });
    },
  );

  it.each([
    ['/mysterybox/abc', 'mysterybox-model_id', 'mf_mysterybox'],
    ['/mysterybox/0', 'mysterybox-model_id', 'mf_mysterybox'],
    ['/gallery/style/Soft%20Vinyl', 'gallery-style-style', 'mf_gallery'],
    ['/gallery/Bad_', 'gallery-path', 'mf_gallery'],
    ['/blog/-post', 'blog-id', 'mf_blog'],
  ])('answers %s, whose parameters fail validation, with 404', (path, id, owner) => {
    expect(resolveRoute(path)).toMatchObject({ status: 404, owner, route: { id } });
  });

  it('serves a catch-all path with 200 only when a content document exists for it', () => {
    const contentPaths = new Set(['/about-us']);
    expect(resolveRoute('/about-us', contentPaths)).toMatchObject({
      status: 200,
      owner: 'shell',
      route: { id: 'slug' },
    });
    expect(resolveRoute('/about-us/', contentPaths)).toMatchObject({ status: 200, owner: 'shell' });
    expect(resolveRoute('/about-them', contentPaths)).toMatchObject({ status: 404, owner: 'shell' });
  });
});
