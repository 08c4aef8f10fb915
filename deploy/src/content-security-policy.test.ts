import type { BuildMeta, RuntimeConfig } from '@arttoy/shared/contracts';
import { contentSecurityPolicy } from './content-security-policy';

const entry = (path: string) => ({ version: 'v1', entry: path });
const META: BuildMeta = {
  id: '20261121000000-aaaaaaaa',
  timestamp: 1,
  prerendered: [],
  routeRules: {},
  apps: {
    shell: entry('/shell/v1/main.js'),
    mf_gallery: entry('https://gallery.cdn.example/mf-gallery/v1/remoteEntry.js'),
    mf_blog: entry('/mf-blog/v1/remoteEntry.js'),
    mf_mysterybox: entry('/mf-mysterybox/v1/remoteEntry.js'),
    mf_account: entry('/mf-account/v1/remoteEntry.js'),
    mf_rules: entry('/mf-rules/v1/remoteEntry.js'),
  },
};
const NO_FIREBASE: RuntimeConfig = {
  firebase: {},
  contact: { phone: '1', email: 'a@b.c' },
  buildPollIntervalMs: 60_000,
};

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

describe('the Content-Security-Policy', () => {
  it('allows scripts only from this origin and the origins in the manifest', () => {
    const policy = contentSecurityPolicy(META, NO_FIREBASE);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://gallery.cdn.example']);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('forbids framing the site, plugins and foreign base URLs', () => {
    const policy = contentSecurityPolicy(META, NO_FIREBASE);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
  });

  it('lets Firebase sign-in reach its hosts, and the emulator when it is used', () => {
    const policy = contentSecurityPolicy(META, {
      ...NO_FIREBASE,
      firebase: { apiKey: 'k', authDomain: 'demo-arttoy.firebaseapp.com' },
      firebaseAuthEmulatorUrl: 'http://127.0.0.1:9099',
    });
    expect(directive(policy, 'script-src')).toContain('https://apis.google.com');
    expect(directive(policy, 'frame-src')).toEqual([
      'https://demo-arttoy.firebaseapp.com',
      'http://127.0.0.1:9099',
    ]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'http://127.0.0.1:9099']),
    );
  });

  it('lets in development servers (npm run dev, or a remote run from source): their scripts and hot-update sockets, still no eval', () => {
    const policy = contentSecurityPolicy(META, NO_FIREBASE, {
      devServers: ['http://localhost:3101', 'http://localhost:3101/remoteEntry.js'],
    });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://gallery.cdn.example',
      'http://localhost:3101',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://gallery.cdn.example',
      'http://localhost:3101',
      'ws://localhost:3101',
    ]);
    expect(policy).not.toMatch(/unsafe-eval/);
  });
});
