import { preloadRemoteOutlet } from './lazy-remote-outlet';
import { enablePayloadNavigation } from './navigation-payload';
import { loadRemoteApp } from './remotes';
import { sitePrefetcher } from './site-prefetcher';

jest.mock('./remotes', () => ({ loadRemoteApp: jest.fn() }));
jest.mock('./lazy-remote-outlet', () => ({ preloadRemoteOutlet: jest.fn(async () => undefined) }));

describe('the site prefetcher', () => {
  it("loads a remote page's outlet, its remote's app, and the page's own code through the app's prefetch", async () => {
    const prefetch = jest.fn(async () => true);
    jest
      .mocked(loadRemoteApp)
      .mockResolvedValue({ bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn(), prefetch });
    expect(sitePrefetcher.prefetch('/gallery/series/tin-guardians?sort=new')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadRemoteOutlet).toHaveBeenCalledTimes(1);
    expect(loadRemoteApp).toHaveBeenCalledWith('mf_gallery');
    expect(prefetch).toHaveBeenCalledWith('/gallery/series/tin-guardians', { data: true });
  });

  it("asks a remote for the page's code only where navigations read the page's payload", async () => {
    const prefetch = jest.fn(async () => true);
    jest
      .mocked(loadRemoteApp)
      .mockResolvedValue({ bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn(), prefetch });
    enablePayloadNavigation(true);
    try {
      expect(sitePrefetcher.prefetch('/blog/how-our-draws-are-fair')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(prefetch).toHaveBeenCalledWith('/blog/how-our-draws-are-fair', { data: false });
    } finally {
      enablePayloadNavigation(false);
    }
  });

  it('loads an app without prefetch all the same, and nothing for a page of the shell', async () => {
    jest
      .mocked(loadRemoteApp)
      .mockResolvedValue({ bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() });
    expect(sitePrefetcher.prefetch('/rules/authenticity')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadRemoteApp).toHaveBeenCalledWith('mf_rules');
    expect(sitePrefetcher.prefetch('/about')).toBe(false);
  });
});
