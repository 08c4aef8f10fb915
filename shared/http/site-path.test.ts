import { sameSitePath } from './site-path';

describe('sameSitePath', () => {
  it.each([
    ['/', '/'],
    ['/blog/my-post?page=2#top', '/blog/my-post?page=2#top'],
    ['/gallery/./style/../series/x', '/gallery/series/x'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('takes %s as %s', (value, path) => {
    expect(sameSitePath(value)).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example/login',
    '/..//evil.example',
    '/a/../..//evil.example',
    '/./\\evil.example',
    '/ /evil',
    'blog',
    '',
  ])('refuses %j, which is not a path on this site once resolved', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});
