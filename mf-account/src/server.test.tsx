import { browserOnlyHead, renderToHtml } from './server';

const at = (pathname: string) => ({ pathname, search: '', hash: '' });

describe("mf-account's server module", () => {
  it('renders the sign-in page as its first browser render does (sign-in state still loading)', async () => {
    const page = await renderToHtml({ location: at('/login'), basename: '/', data: {} });
    expect(page?.html).toMatch(/<h1[^>]*>Log in or sign up<\/h1>/);
    expect(page?.head?.title).toBe('Log in or sign up');
  });

  it('gives the served documents of the pages it leaves to the browser their own titles', async () => {
    const titles: Record<string, string> = {
      '/locker': 'Your locker',
      '/orders': 'Your orders',
      '/orders/AT7K2M9Q4X1B8C3D5E': 'Receipt AT7K2M9Q4X1B8C3D5E',
      '/profile': 'Your profile',
    };
    for (const [path, title] of Object.entries(titles)) {
      await expect(browserOnlyHead?.({ location: at(path), basename: '/' })).resolves.toEqual({ title });
    }
    await expect(browserOnlyHead?.({ location: at('/login'), basename: '/' })).resolves.toBeNull();
  });

  it("never renders the locker, one visitor's page, on the server", async () => {
    await expect(renderToHtml({ location: at('/locker'), basename: '/', data: {} })).resolves.toBeNull();
    await expect(renderToHtml({ location: at('/locker/'), basename: '/', data: {} })).resolves.toBeNull();
  });

  it('never renders the orders, a receipt or the profile on the server', async () => {
    for (const path of ['/orders', '/orders/', '/orders/AT7K2M9Q4X1B8C3D5E', '/profile']) {
      await expect(renderToHtml({ location: at(path), basename: '/', data: {} })).resolves.toBeNull();
    }
  });
});
