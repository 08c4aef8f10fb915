import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@arttoy/shared/contracts';
import { FIREBASE_ENV, runtimeConfigElement, runtimeConfigFromEnv, signInMode } from './runtime-config';

const FIREBASE_VARS = {
  FIREBASE_API_KEY: 'key-1',
  FIREBASE_AUTH_DOMAIN: 'arttoy.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'arttoy',
  FIREBASE_STORAGE_BUCKET: 'arttoy.appspot.com',
  FIREBASE_MESSAGING_SENDER_ID: '1234',
  FIREBASE_APP_ID: '1:1234:web:abcd',
};

describe('runtimeConfigFromEnv', () => {
  it('names the variable of each Firebase setting', () => {
    expect(FIREBASE_ENV).toEqual({
      apiKey: 'FIREBASE_API_KEY',
      authDomain: 'FIREBASE_AUTH_DOMAIN',
      projectId: 'FIREBASE_PROJECT_ID',
      storageBucket: 'FIREBASE_STORAGE_BUCKET',
      messagingSenderId: 'FIREBASE_MESSAGING_SENDER_ID',
      appId: 'FIREBASE_APP_ID',
    });
  });

  it('maps the Firebase, contact and poll variables', () => {
    expect(
      runtimeConfigFromEnv({
        ...FIREBASE_VARS,
        CONTACT_PHONE: '+44 20 7946 0958',
        CONTACT_EMAIL: 'help@example.org',
        BUILD_POLL_INTERVAL_MS: '30000',
      }),
    ).toEqual({
      firebase: {
        apiKey: 'key-1',
        authDomain: 'arttoy.firebaseapp.com',
        projectId: 'arttoy',
        storageBucket: 'arttoy.appspot.com',
        messagingSenderId: '1234',
        appId: '1:1234:web:abcd',
      },
      contact: { phone: '+44 20 7946 0958', email: 'help@example.org' },
      buildPollIntervalMs: 30_000,
    });
  });

  it('runs on the defaults, sign-in off, with AUTH_EMULATOR=off and nothing else', () => {
    expect(runtimeConfigFromEnv({ AUTH_EMULATOR: 'off' })).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('gives a local run the demo project and the emulator when no Firebase setting is given', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-arttoy.firebaseapp.com',
        projectId: 'demo-arttoy',
        storageBucket: 'demo-arttoy.appspot.com',
        messagingSenderId: '000000000000',
        appId: '1:000000000000:web:0000000000000000',
      },
      // localhost, not 127.0.0.1: same-site with a page served at localhost (see AUTH_EMULATOR_PAGE_URL).
      firebaseAuthEmulatorUrl: 'http://localhost:9099',
    });
    expect(runtimeConfigFromEnv({ AUTH_EMULATOR: 'on' }).firebaseAuthEmulatorUrl).toBe(
      'http://localhost:9099',
    );
  });

  it('never points real Firebase settings at the emulator', () => {
    expect(
      runtimeConfigFromEnv({ ...FIREBASE_VARS, AUTH_EMULATOR: 'on' }).firebaseAuthEmulatorUrl,
    ).toBeUndefined();
    expect(runtimeConfigFromEnv({ ...FIREBASE_VARS }).firebase.projectId).toBe('arttoy');
  });

  it('passes an explicit FIREBASE_AUTH_EMULATOR_URL through with Firebase settings', () => {
    expect(
      runtimeConfigFromEnv({ ...FIREBASE_VARS, FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9199' })
        .firebaseAuthEmulatorUrl,
    ).toBe('http://127.0.0.1:9199');
  });

  it('keeps a partial Firebase config partial: the page names what is missing', () => {
    expect(runtimeConfigFromEnv({ FIREBASE_API_KEY: 'k' }).firebase).toEqual({ apiKey: 'k' });
  });

  it('leaves out blank Firebase settings and blank contact details', () => {
    const config = runtimeConfigFromEnv({
      FIREBASE_API_KEY: '  ',
      FIREBASE_APP_ID: ' app ',
      CONTACT_PHONE: ' ',
      CONTACT_EMAIL: '',
    });
    expect(config.firebase).toEqual({ appId: 'app' });
    expect(config.contact).toEqual(DEFAULT_RUNTIME_CONFIG.contact);
  });

  it.each(['soon', '12abc', '5000', '9999', '10000.5'])(
    'refuses BUILD_POLL_INTERVAL_MS=%s with an error naming the variable',
    (value) => {
      expect(() => runtimeConfigFromEnv({ BUILD_POLL_INTERVAL_MS: value })).toThrow(
        /buildPollIntervalMs: .*\(BUILD_POLL_INTERVAL_MS must be a whole number of milliseconds, at least 10000\)$/,
      );
    },
  );

  it('carries CONSENT_REQUIRED=on to the page, leaves it out when off, and refuses anything else', () => {
    expect(runtimeConfigFromEnv({ AUTH_EMULATOR: 'off', CONSENT_REQUIRED: 'on' }).consentRequired).toBe(true);
    expect(runtimeConfigFromEnv({ AUTH_EMULATOR: 'off', CONSENT_REQUIRED: 'off' })).not.toHaveProperty(
      'consentRequired',
    );
    expect(() => runtimeConfigFromEnv({ AUTH_EMULATOR: 'off', CONSENT_REQUIRED: 'yes' })).toThrow(
      'CONSENT_REQUIRED must be "on" or "off"; got "yes".',
    );
  });

  it('accepts BUILD_POLL_INTERVAL_MS=10000', () => {
    expect(runtimeConfigFromEnv({ BUILD_POLL_INTERVAL_MS: '10000' }).buildPollIntervalMs).toBe(10_000);
  });
});

describe('signInMode', () => {
  it.each([
    [{}, 'emulator'],
    [{ AUTH_EMULATOR: 'on' }, 'emulator'],
    [{ AUTH_EMULATOR: ' OFF ' }, 'off'],
    [{ FIREBASE_PROJECT_ID: 'arttoy' }, 'firebase'],
    [{ FIREBASE_PROJECT_ID: 'arttoy', AUTH_EMULATOR: 'off' }, 'firebase'],
    [{ FIREBASE_API_KEY: '   ' }, 'emulator'],
    [{ NODE_ENV: 'production' }, 'off'],
    [{ NODE_ENV: 'production', AUTH_EMULATOR: 'off' }, 'off'],
    [{ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'arttoy' }, 'firebase'],
  ] as const)('%j → %s', (env, mode) => {
    expect(signInMode(env)).toBe(mode);
  });

  it('refuses an AUTH_EMULATOR value it does not know, and says which ones it knows', () => {
    expect(() => signInMode({ AUTH_EMULATOR: 'false' })).toThrow(
      'AUTH_EMULATOR must be "on" or "off", got "false".',
    );
  });

  it('never starts the emulator in production, and says what to set instead', () => {
    expect(() => signInMode({ NODE_ENV: 'production', AUTH_EMULATOR: 'on' })).toThrow(
      /AUTH_EMULATOR=on in production .* Set the FIREBASE_\* settings/,
    );
  });
});

describe('runtimeConfigElement', () => {
  const hostile: RuntimeConfig = {
    ...DEFAULT_RUNTIME_CONFIG,
    contact: { phone: '</script><script>alert(1)</script>', email: '<!-- a@b.c' },
  };

  function body(html: string, id: string): string {
    const open = `<script type="application/json" id="${id}">`;
    expect(html.startsWith(open)).toBe(true);
    expect(html.endsWith('</script>')).toBe(true);
    return html.slice(open.length, -'</script>'.length);
  }

  it('writes an inert JSON element with the given id that parses back to the config', () => {
    const html = runtimeConfigElement(DEFAULT_RUNTIME_CONFIG, 'runtime-config');
    expect(JSON.parse(body(html, 'runtime-config'))).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('escapes < so a value cannot close the element or open a comment', () => {
    const html = runtimeConfigElement(hostile, 'runtime-config');
    const text = body(html, 'runtime-config');
    expect(text).not.toContain('<');
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
