import { prefetch } from './app';

describe("mf_mysterybox's ./app prefetch", () => {
  it.each(['/mysterybox', '/mysterybox/test', '/mysterybox/1', '/payment/order_pay'])(
    'loads the page code of %s',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(true);
    },
  );

  it.each(['/gallery', '/locker', '/'])(
    'answers false for %s, which is not a box or payment page',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(false);
    },
  );
});
