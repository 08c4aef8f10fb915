import { startAnalytics } from './analytics';

type Location = { pathname: string; search: string };

/** A stand-in for the shell's data router: its current state and its subscribers. */
function fakeRouter(pathname: string, search = '') {
  const listeners = new Set<(state: { location: Location }) => void>();
  const router = {
    state: { location: { pathname, search } },
    subscribe: jest.fn((listener: (state: { location: Location }) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    go(next: Location): void {
      router.state = { location: next };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

describe('startAnalytics', () => {
  it.each([
    ['no gtag', {}],
    ['a gtag that is not a function', { gtag: 'G-123' }],
    ['a null gtag', { gtag: null }],
  ])('does nothing with %s', (_, scope) => {
    const router = fakeRouter('/gallery');
    expect(startAnalytics(scope, router)).toBe(false);
    expect(router.subscribe).not.toHaveBeenCalled();
  });

  it('reports the first page view with its query', () => {
    const gtag = jest.fn();
    expect(startAnalytics({ gtag }, fakeRouter('/blog/list', '?page=2'))).toBe(true);
    expect(gtag.mock.calls).toEqual([['event', 'page_view', { page_path: '/blog/list?page=2' }]]);
  });

  it('reports each new path once as the router moves', () => {
    const gtag = jest.fn();
    const router = fakeRouter('/');
    startAnalytics({ gtag }, router);
    router.go({ pathname: '/gallery', search: '' });
    router.go({ pathname: '/gallery', search: '' }); // the same location again (a loader settling, say)
    router.go({ pathname: '/gallery', search: '?page=2' });
    router.go({ pathname: '/blog/list', search: '' });
    expect(gtag.mock.calls.map(([, , params]) => params)).toEqual([
      { page_path: '/' },
      { page_path: '/gallery' },
      { page_path: '/gallery?page=2' },
      { page_path: '/blog/list' },
    ]);
    for (const [command, name] of gtag.mock.calls) expect([command, name]).toEqual(['event', 'page_view']);
  });

  it('does not report the first page twice when the router notifies it again', () => {
    const gtag = jest.fn();
    const router = fakeRouter('/tiktoktoy/');
    startAnalytics({ gtag }, router);
    router.go({ pathname: '/tiktoktoy/', search: '' });
    expect(gtag).toHaveBeenCalledTimes(1);
  });
});
