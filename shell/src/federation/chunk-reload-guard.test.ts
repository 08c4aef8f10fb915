import { claimReload, RELOAD_GUARD_KEY, RELOAD_GUARD_WINDOW_MS } from './chunk-reload-guard';

describe('the chunk reload guard', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows one reload per path within 10 000 ms', () => {
    expect(RELOAD_GUARD_WINDOW_MS).toBe(10_000);
    expect(claimReload('/gallery', 1_000)).toBe(true);
    expect(claimReload('/gallery', 1_001)).toBe(false);
    expect(claimReload('/gallery', 10_999)).toBe(false);
  });

  it('allows the same path again once the window has passed', () => {
    expect(claimReload('/gallery', 1_000)).toBe(true);
    expect(claimReload('/gallery', 11_000)).toBe(true);
  });

  it('allows another path at once', () => {
    expect(claimReload('/gallery', 1_000)).toBe(true);
    expect(claimReload('/blog/list', 1_001)).toBe(true);
  });

  it('keeps {path, expires} in sessionStorage', () => {
    claimReload('/locker', 5_000);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_KEY)!)).toEqual({ path: '/locker', expires: 15_000 });
  });

  it('survives a corrupt entry', () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, '{not json');
    expect(claimReload('/gallery', 1_000)).toBe(true);
  });
});
