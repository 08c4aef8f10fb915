import { prefetch } from './app';

describe("mf_gallery's ./app prefetch", () => {
  it.each([
    '/gallery',
    '/gallery/style/retro-mecha',
    '/gallery/series/tin-guardians',
    '/gallery/style/detail/croissant-cub',
    '/gallery/tin-guardians',
  ])('loads the page code of %s', async (path) => {
    await expect(prefetch(path)).resolves.toBe(true);
  });

  it.each(['/blog/list', '/mysterybox/1', '/'])(
    'answers false for %s, which is not a gallery page',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(false);
    },
  );
});
