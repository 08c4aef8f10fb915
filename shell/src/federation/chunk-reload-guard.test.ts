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

  it('does not reload again the page it reloaded, however long that page took to fail', () => {
    expect(claimReload('/rules/privacy_policy', 1_000, sessionStorage, 0)).toBe(true);
    // The reloaded document started at 1 200 ms; its remote's script timed out 12 s later.
    expect(claimReload('/rules/privacy_policy', 13_200, sessionStorage, 1_200)).toBe(false);
    // A document started after the window may reload the path once more.
    expect(claimReload('/rules/privacy_policy', 60_000, sessionStorage, 30_000)).toBe(true);
  });

  it('allows another path at once', () => {
    expect(claimReload('/gallery', 1_000)).toBe(true);
    expect(claimReload('/blog/list', 1_001)).toBe(true);
  });

  it('keeps {path, expires} in sessionStorage', () => {
    claimReload('/locker', 5_000);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_KEY)!)).toEqual({
      path: '/locker',
      expires: 15_000,
    });
  });

  it('survives a corrupt entry', () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, '{not json');
    expect(claimReload('/gallery', 1_000)).toBe(true);
  });
});
