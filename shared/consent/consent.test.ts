import {
  CONSENT_STORAGE_KEY,
  configureConsent,
  consentStore,
  decideConsent,
  hasConsent,
  needsConsentChoice,
  reviewConsent,
  whenConsented,
} from './index';

/** A storage of our own, as localStorage keeps strings. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('consent to analytics and field data', () => {
  it('where the site does not require consent, both run and no banner shows', () => {
    configureConsent(false, memoryStorage());
    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('field')).toBe(true);
    expect(needsConsentChoice()).toBe(false);
  });

  it('where it does, neither runs until the visitor accepts, and the banner shows until they choose', () => {
    const storage = memoryStorage();
    configureConsent(true, storage);
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('field')).toBe(false);
    expect(needsConsentChoice()).toBe(true);
    decideConsent({ analytics: true, field: true }, storage);
    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('field')).toBe(true);
    expect(needsConsentChoice()).toBe(false);
  });

  it('remembers a refusal across pages (localStorage), and it can be changed later', () => {
    const storage = memoryStorage();
    configureConsent(true, storage);
    decideConsent({ analytics: false, field: false }, storage);
    // The next page load reads the remembered choice: no banner, nothing runs.
    configureConsent(true, storage);
    expect(needsConsentChoice()).toBe(false);
    expect(hasConsent('field')).toBe(false);
    expect(JSON.parse(storage.items.get(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({
      analytics: false,
      field: false,
    });
    reviewConsent();
    expect(needsConsentChoice()).toBe(true);
    decideConsent({ analytics: false, field: true }, storage);
    expect([hasConsent('analytics'), hasConsent('field')]).toEqual([false, true]);
  });

  it('ignores a stored value it cannot read (asks again)', () => {
    configureConsent(true, memoryStorage({ [CONSENT_STORAGE_KEY]: '{"analytics":"yes"' }));
    expect(consentStore.getState().choice).toBeNull();
    expect(needsConsentChoice()).toBe(true);
  });

  it('whenConsented starts a report on acceptance only, once', () => {
    const storage = memoryStorage();
    configureConsent(true, storage);
    const start = jest.fn();
    whenConsented('analytics', start);
    expect(start).not.toHaveBeenCalled();
    decideConsent({ analytics: false, field: true }, storage);
    expect(start).not.toHaveBeenCalled();
    decideConsent({ analytics: true, field: true }, storage);
    decideConsent({ analytics: true, field: false }, storage);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
