import { registerSearchSource, search, searchSourceCount } from './index';

describe('site search', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  it('answers nothing for a blank query, without asking the sources', async () => {
    const source = { name: 'blog', search: jest.fn(() => Promise.resolve([])) };
    cleanups.push(registerSearchSource(source));
    await expect(search('   ', new AbortController().signal)).resolves.toEqual([]);
    expect(source.search).not.toHaveBeenCalled();
  });

  it('merges every source, best score first', async () => {
    cleanups.push(registerSearchSource({ name: 'blog', search: async () => [{ title: 'Caring for vinyl', href: '/blog/care', section: 'Blog', score: 0.4 }] }));
    cleanups.push(registerSearchSource({ name: 'gallery', search: async () => [{ title: 'Moonlit Bunny', href: '/gallery/style/detail/moonlit-bunny', section: 'Gallery', score: 0.9 }] }));
    const results = await search('bunny', new AbortController().signal);
    expect(results.map((result) => result.title)).toEqual(['Moonlit Bunny', 'Caring for vinyl']);
  });

  it('leaves out a failing source and keeps the others', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(registerSearchSource({ name: 'broken', search: () => Promise.reject(new Error('down')) }));
    cleanups.push(registerSearchSource({ name: 'rules', search: async () => [{ title: 'Privacy policy', href: '/rules/privacy_policy', section: 'Help', score: 0.5 }] }));
    await expect(search('privacy', new AbortController().signal)).resolves.toHaveLength(1);
    expect(error).toHaveBeenCalledWith('[search] source broken failed:', expect.any(Error));
    error.mockRestore();
  });

  it('removes a source when its cleanup runs', () => {
    const remove = registerSearchSource({ name: 'temp', search: async () => [] });
    expect(searchSourceCount()).toBe(1);
    remove();
    expect(searchSourceCount()).toBe(0);
  });
});
