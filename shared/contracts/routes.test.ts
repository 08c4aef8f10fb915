import { matchPath } from 'react-router';
import {
  HOME_ALIASES,
  paramsAreValid,
  relativeRoutePath,
  REMOTE_BASENAMES,
  routesOf,
  sampleHref,
  samplePath,
  SITE_ROUTES,
} from './routes';

const SPEC_ROUTES: Record<string, string> = {
  index: '/',
  'pag-demo': '/pag-demo',
  slug: '/*',
  'blog-id': '/blog/:id',
  'blog-list': '/blog/list',
  login: '/login',
  locker: '/locker',
  gallery: '/gallery',
  'skeleton-demo': '/skeleton-demo',
  'gallery-path': '/gallery/:path',
  'mysterybox-test': '/mysterybox/test',
  'payment-order_pay': '/payment/order_pay',
  'rules-authenticity': '/rules/authenticity',
  'rules-privacy_policy': '/rules/privacy_policy',
  'gallery-style-style': '/gallery/style/:style',
  'mysterybox-model_id': '/mysterybox/:model_id',
  'gallery-series-style': '/gallery/series/:style',
  'rules-terms_of_service': '/rules/terms_of_service',
  'rules-shipping_and_refund': '/rules/shipping_and_refund',
  'gallery-style-detail-detail': '/gallery/style/detail/:detail',
  'rules-customer_service_center': '/rules/customer_service_center',
};

describe('the route table', () => {
  it('holds all 21 routes of the spec with their paths', () => {
    expect(Object.keys(SPEC_ROUTES)).toHaveLength(21);
    for (const [id, path] of Object.entries(SPEC_ROUTES)) {
      expect(SITE_ROUTES.find((route) => route.id === id)?.path).toBe(path);
    }
  });

  it('gives every route a sample path that reaches it with valid parameters', () => {
    for (const route of SITE_ROUTES.filter((candidate) => candidate.id !== 'slug')) {
      const match = matchPath(route.path, sampleHref(route));
      expect({ id: route.id, matched: match !== null }).toEqual({ id: route.id, matched: true });
      expect(paramsAreValid(route, match!.params)).toBe(true);
    }
    expect(sampleHref(SITE_ROUTES.find((route) => route.id === 'gallery-style-style')!)).toBe(
      '/gallery/style/kawaii-pop',
    );
    expect(sampleHref(SITE_ROUTES.find((route) => route.id === 'mysterybox-model_id')!)).toBe(
      samplePath('/mysterybox/:model_id'),
    );
  });

  it('has unique ids and paths', () => {
    expect(new Set(SITE_ROUTES.map((route) => route.id)).size).toBe(SITE_ROUTES.length);
    expect(new Set(SITE_ROUTES.map((route) => route.path)).size).toBe(SITE_ROUTES.length);
  });

  it('lists the 14 home aliases of the spec', () => {
    expect(HOME_ALIASES).toHaveLength(14);
    expect(HOME_ALIASES).toEqual(
      expect.arrayContaining(['/1gk4', '/creator', '/tiktokmagic', '/xofficial', '/fb', '/td', '/wa']),
    );
  });

  it('gives each route to the owner of design.md §2', () => {
    const owners = Object.fromEntries(SITE_ROUTES.map((route) => [route.id, route.owner]));
    expect(owners).toMatchObject({
      index: 'shell',
      'pag-demo': 'shell',
      'skeleton-demo': 'shell',
      live: 'shell',
      slug: 'shell',
      'blog-id': 'mf_blog',
      'blog-list': 'mf_blog',
      login: 'mf_account',
      locker: 'mf_account',
      orders: 'mf_account',
      'orders-order_sn': 'mf_account',
      profile: 'mf_account',
      'gallery-style-detail-detail': 'mf_gallery',
      'mysterybox-model_id': 'mf_mysterybox',
      'payment-order_pay': 'mf_mysterybox',
      'rules-privacy_policy': 'mf_rules',
      help: 'mf_rules',
    });
  });

  it('keeps every remote route under its basename, relative to it', () => {
    for (const [remote, basename] of Object.entries(REMOTE_BASENAMES)) {
      for (const route of routesOf(remote as keyof typeof REMOTE_BASENAMES)) {
        expect(() => relativeRoutePath(route.path, basename)).not.toThrow();
      }
    }
    expect(relativeRoutePath('/gallery', '/gallery')).toBe('');
    expect(relativeRoutePath('/gallery/style/:style', '/gallery')).toBe('style/:style');
    expect(relativeRoutePath('/payment/order_pay', '/')).toBe('payment/order_pay');
    expect(() => relativeRoutePath('/blog/list', '/gallery')).toThrow(/outside its owner's basename/);
  });

  it('accepts numeric box ids and slugs, and refuses anything else', () => {
    const box = SITE_ROUTES.find((route) => route.id === 'mysterybox-model_id')!;
    expect(paramsAreValid(box, { model_id: '42' })).toBe(true);
    expect(paramsAreValid(box, { model_id: 'abc' })).toBe(false);
    expect(paramsAreValid(box, { model_id: '0' })).toBe(false);
    const style = SITE_ROUTES.find((route) => route.id === 'gallery-style-style')!;
    expect(paramsAreValid(style, { style: 'soft-vinyl' })).toBe(true);
    expect(paramsAreValid(style, { style: 'Soft Vinyl' })).toBe(false);
    expect(paramsAreValid(style, { style: '' })).toBe(false);
    const receipt = SITE_ROUTES.find((route) => route.id === 'orders-order_sn')!;
    expect(paramsAreValid(receipt, { order_sn: 'AT7K2M9Q4X1B8C3D5E' })).toBe(true);
    expect(paramsAreValid(receipt, { order_sn: 'at7k2m9q4x1b8c3d5e' })).toBe(false);
    expect(paramsAreValid(receipt, { order_sn: '42' })).toBe(false);
  });
});
