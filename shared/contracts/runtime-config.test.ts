import {
  DEFAULT_BUILD_POLL_INTERVAL_MS,
  DEFAULT_RUNTIME_CONFIG,
  FIREBASE_SETTINGS,
  firebaseConfigMissingMessage,
  missingFirebaseSettings,
  parseRuntimeConfig,
  type RuntimeConfig,
} from './runtime-config';

/** The six identity-provider settings in the order of the spec (§5). */
const SPEC_ORDER = ['apiKey', 'authDomain', 'projectId', 'storageBucket', 'messagingSenderId', 'appId'];

const FULL_FIREBASE = {
  apiKey: 'key',
  authDomain: 'arttoy.firebaseapp.com',
  projectId: 'arttoy',
  storageBucket: 'arttoy.appspot.com',
  messagingSenderId: '1234',
  appId: '1:1234:web:abcd',
};

const VALID: RuntimeConfig = {
  firebase: FULL_FIREBASE,
  contact: { phone: '+1 555 0100', email: 'help@example.org' },
  buildPollIntervalMs: 60_000,
};

describe('missingFirebaseSettings', () => {
  it('keeps the six settings in the spec order', () => {
    expect([...FIREBASE_SETTINGS]).toEqual(SPEC_ORDER);
  });

  it('lists every setting, in the spec order, when none is set', () => {
    expect(missingFirebaseSettings({ firebase: {} })).toEqual(SPEC_ORDER);
  });

  it('lists nothing when all are set', () => {
    expect(missingFirebaseSettings({ firebase: FULL_FIREBASE })).toEqual([]);
  });

  it('lists absent and blank settings in the spec order, whatever order they come in', () => {
    const { appId: _appId, projectId: _projectId, ...rest } = FULL_FIREBASE;
    expect(missingFirebaseSettings({ firebase: { ...rest, storageBucket: '   ', apiKey: '' } })).toEqual([
      'apiKey',
      'projectId',
      'storageBucket',
      'appId',
    ]);
  });
});

describe('firebaseConfigMissingMessage', () => {
  it('names the missing settings', () => {
    expect(firebaseConfigMissingMessage(['apiKey', 'appId'])).toBe(
      'Firebase config is missing: apiKey, appId',
    );
  });

  it('reads the missing list straight from missingFirebaseSettings', () => {
    const { apiKey: _apiKey, appId: _appId, ...rest } = FULL_FIREBASE;
    expect(firebaseConfigMissingMessage(missingFirebaseSettings({ firebase: rest }))).toBe(
      'Firebase config is missing: apiKey, appId',
    );
  });
});

describe('parseRuntimeConfig', () => {
  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(VALID, 'the test')).toEqual(VALID);
  });

  it('accepts the defaults', () => {
    expect(parseRuntimeConfig(DEFAULT_RUNTIME_CONFIG, 'the defaults')).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(DEFAULT_RUNTIME_CONFIG.buildPollIntervalMs).toBe(DEFAULT_BUILD_POLL_INTERVAL_MS);
  });

  it.each([
    ['below 10000 ms', 9_999],
    ['not whole', 10_000.5],
    ['not a number', '60000'],
    ['NaN', Number.NaN],
  ])('rejects a poll interval %s, naming the field and the source', (_, buildPollIntervalMs) => {
    expect(() => parseRuntimeConfig({ ...VALID, buildPollIntervalMs }, '#runtime-config')).toThrow(
      /^Runtime config from #runtime-config is invalid: .*buildPollIntervalMs: /,
    );
  });

  it('accepts the smallest poll interval, 10000 ms', () => {
    expect(
      parseRuntimeConfig({ ...VALID, buildPollIntervalMs: 10_000 }, 'the test').buildPollIntervalMs,
    ).toBe(10_000);
  });

  it('names every wrong field', () => {
    let message = '';
    try {
      parseRuntimeConfig(
        { firebase: { apiKey: 7 }, contact: { phone: '1' }, buildPollIntervalMs: 5 },
        'the test',
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/firebase\.apiKey: /);
    expect(message).toMatch(/contact\.email: /);
    expect(message).toMatch(/buildPollIntervalMs: /);
  });

  it('rejects something that is not an object', () => {
    expect(() => parseRuntimeConfig('nope', 'the test')).toThrow(
      /^Runtime config from the test is invalid: \(root\): /,
    );
  });
});
