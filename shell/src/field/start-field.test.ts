/** @jest-environment jsdom */
import type { BuildMeta } from '@arttoy/shared/contracts';
import type { FieldReport, FieldVital } from '@arttoy/shared/contracts/api';
import { appOfScript, FIELD_URL, reportRemoteError, routeOf, startFieldData } from './start-field';

const manifest = {
  id: 'build-000001',
  apps: {
    shell: { version: 's1' },
    mf_rules: { version: 'r1' },
    mf_gallery: { version: 'g1' },
  },
} as unknown as BuildMeta;

type State = { location: { pathname: string }; matches: { route: { id?: string; path?: string } }[] };
const rulesPage: State = {
  location: { pathname: '/rules/privacy_policy' },
  matches: [
    { route: { id: 'layout' } },
    { route: {} },
    { route: { id: 'rules-privacy_policy', path: '/rules/privacy_policy' } },
  ],
};

describe('routeOf and appOfScript', () => {
  it('name the route pattern and its owner, never the visited path', () => {
    expect(routeOf(rulesPage)).toEqual({ route: '/rules/privacy_policy', owner: 'mf_rules' });
    expect(routeOf({ location: { pathname: '/nope/x' }, matches: [] })).toEqual({
      route: '*',
      owner: 'shell',
    });
  });

  it("find the app of a script by its folder, the stack's top frame first", () => {
    expect(appOfScript('https://arttoy.club/mf-rules/r1/412.js')).toBe('mf_rules');
    expect(
      appOfScript(
        'Error: x\n    at a (https://arttoy.club/mf-gallery/g1/1.js:1:2)\n    at b (https://arttoy.club/shell/s1/main.js:1:2)',
      ),
    ).toBe('mf_gallery');
    expect(appOfScript(undefined)).toBe('shell');
  });
});

describe('startFieldData', () => {
  const beacons: FieldReport[] = [];
  let listeners: Record<string, (event: unknown) => void>;
  let routerListener: (state: State) => void;
  const scope = {
    navigator: {
      sendBeacon: (url: string | URL, body?: BodyInit | null) => {
        expect(url).toBe(FIELD_URL);
        const reader = new FileReader();
        reader.addEventListener('load', () =>
          beacons.push(JSON.parse(reader.result as string) as FieldReport),
        );
        reader.readAsText(body as Blob);
        return true;
      },
    },
    addEventListener: ((name: string, listener: (event: unknown) => void) =>
      void (listeners[name] = listener)) as never,
    document: {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (() => undefined) as never,
    },
  };
  const router = {
    state: rulesPage,
    subscribe: (listener: (state: State) => void) => ((routerListener = listener), () => undefined),
  };
  const sent = async (count: number) => {
    while (beacons.length < count) await new Promise((resolve) => setTimeout(resolve, 0));
    return beacons;
  };
  beforeEach(() => {
    beacons.length = 0;
    listeners = {};
  });

  it('reports nothing outside the sample, and loads no vitals code', () => {
    const schedule = jest.fn();
    expect(
      startFieldData({
        scope,
        router,
        manifest: async () => manifest,
        sampleRate: 0.1,
        random: () => 0.5,
        vitals: { schedule },
      }),
    ).toBe(false);
    expect(listeners).toEqual({});
    expect(schedule).not.toHaveBeenCalled();
  });

  it("reports the page load's vitals with the first page's route and versions, loading their code when scheduled", async () => {
    const scheduled: (() => void)[] = [];
    let watch!: (report: (vital: FieldVital) => void) => void;
    const watching = new Promise<(vital: FieldVital) => void>((resolve) => (watch = resolve));
    const load = jest.fn(async () => watch);
    const firstPage = { ...router, state: rulesPage };
    expect(
      startFieldData({
        scope,
        router: firstPage,
        manifest: async () => manifest,
        sampleRate: 1,
        vitals: { schedule: (task) => void scheduled.push(task), load },
      }),
    ).toBe(true);
    expect(load).not.toHaveBeenCalled();
    scheduled.forEach((task) => task());
    const report = await watching;
    report({ name: 'TTFB', value: 80, phase: 'waiting' });
    routerListener({
      location: { pathname: '/gallery' },
      matches: [{ route: { id: 'gallery', path: '/gallery' } }],
    });
    // LCP settles at the first interaction: the click that left the page.
    report({ name: 'LCP', value: 1500, phase: 'render-delay', target: 'h1' });
    listeners.visibilitychange?.({});
    listeners.pagehide!({});
    const rulesVersions = { shell: 's1', mf_rules: 'r1' };
    expect(await sent(3)).toEqual([
      {
        route: '/rules/privacy_policy',
        build: 'build-000001',
        versions: rulesVersions,
        views: 1,
        errors: [],
        vitals: [{ name: 'TTFB', value: 80, phase: 'waiting' }],
      },
      {
        route: '/rules/privacy_policy',
        build: 'build-000001',
        versions: rulesVersions,
        views: 0,
        errors: [],
        vitals: [{ name: 'LCP', value: 1500, phase: 'render-delay', target: 'h1' }],
      },
      {
        route: '/gallery',
        build: 'build-000001',
        versions: { shell: 's1', mf_gallery: 'g1' },
        views: 1,
        errors: [],
      },
    ]);
  });

  it("reports page views and the remote's errors with the versions of the page's build", async () => {
    expect(startFieldData({ scope, router, manifest: async () => manifest, sampleRate: 1 })).toBe(true);
    await Promise.resolve();
    reportRemoteError('mf_rules', 'remote', new TypeError('mount exploded for ada@example.org'));
    listeners.pagehide!({});
    expect(await sent(1)).toEqual([
      {
        route: '/rules/privacy_policy',
        build: 'build-000001',
        versions: { shell: 's1', mf_rules: 'r1' },
        views: 1,
        errors: [
          {
            app: 'mf_rules',
            version: 'r1',
            kind: 'remote',
            message: 'TypeError: mount exploded for <email>',
          },
        ],
      },
    ]);
    // Uncaught errors and rejections, by the app of the script that raised them.
    routerListener({
      location: { pathname: '/gallery' },
      matches: [{ route: { id: 'gallery', path: '/gallery' } }],
    });
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at x (http://localhost/mf-gallery/g1/7.js:1:1)';
    listeners.error!({ filename: 'http://localhost/mf-gallery/g1/7.js', error, message: 'boom' });
    listeners.unhandledrejection!({ reason: 'plain text' });
    listeners.pagehide!({});
    expect((await sent(2))[1]).toEqual({
      route: '/gallery',
      build: 'build-000001',
      versions: { shell: 's1', mf_gallery: 'g1' },
      views: 1,
      errors: [
        { app: 'mf_gallery', version: 'g1', kind: 'uncaught', message: 'Error: boom' },
        { app: 'shell', version: 's1', kind: 'rejection', message: 'plain text' },
      ],
    });
  });
});
