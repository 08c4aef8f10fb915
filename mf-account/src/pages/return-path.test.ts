import { returnTarget, sameSitePath } from './return-path';

const at = (search: string, key = 'default', state: unknown = null) => ({ search, key, state });

describe('sameSitePath', () => {
  it.each(['/', '/locker', '/gallery/style/soft-vinyl?page=2#top'])('accepts %s', (path) => {
    expect(sameSitePath(path)).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example',
    '/..//evil.example',
    'locker',
    '',
    '/login',
    '/login?return_to=/x',
    '/login/',
    '/./login',
  ])('refuses %s', (path) => {
    expect(sameSitePath(path)).toBeNull();
  });

  it('reads a location object', () => {
    expect(sameSitePath({ pathname: '/blog/list', search: '?page=3', hash: '' })).toBe('/blog/list?page=3');
    expect(sameSitePath({ pathname: 42 })).toBeNull();
    expect(sameSitePath(null)).toBeNull();
  });
});

describe('returnTarget', () => {
  it('prefers the return_to parameter', () => {
    expect(returnTarget(at('?return_to=%2Flocker', 'k1', { from: '/gallery' }))).toBe('/locker');
  });

  it('then the "from" of the navigation state', () => {
    expect(returnTarget(at('', 'k1', { from: { pathname: '/gallery', search: '', hash: '' } }))).toBe(
      '/gallery',
    );
  });

  it('goes back one entry when /login was reached inside the site', () => {
    expect(returnTarget(at('', 'k1'))).toBe(-1);
  });

  it('goes home when /login was the first page opened', () => {
    expect(returnTarget(at(''))).toBe('/');
  });

  it('ignores a return_to that leaves the site', () => {
    expect(returnTarget(at('?return_to=https%3A%2F%2Fevil.example'))).toBe('/');
  });
});
