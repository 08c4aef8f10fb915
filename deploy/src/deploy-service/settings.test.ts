import { deployServiceSettings, deployServiceUrl, isLocalService } from './settings';

describe('deploy service settings', () => {
  it('defaults to 127.0.0.1:3100 and .data/deploy/', () => {
    const settings = deployServiceSettings({});
    expect(settings).toMatchObject({ port: 3100, host: '127.0.0.1', drainMs: 1_500 });
    expect(deployServiceSettings({ DRAIN_MS: '0' }).drainMs).toBe(0);
    expect(settings.stateDir).toMatch(/\.data\/deploy$/);
    expect(deployServiceUrl({}).href).toBe('http://127.0.0.1:3100/');
    expect(deployServiceSettings({ DEPLOY_PORT: 'off' }).port).toBeNull();
  });

  it('names the setting that is wrong', () => {
    expect(() => deployServiceSettings({ DEPLOY_PORT: '70000' })).toThrow(
      'DEPLOY_PORT must be a port number from 1 to 65535, or "off"; got "70000".',
    );
    expect(() => deployServiceSettings({ DEPLOY_HOST: 'a b' })).toThrow(/^DEPLOY_HOST must be a host/);
    expect(() => deployServiceSettings({ DRAIN_MS: '1.5' })).toThrow(
      'DRAIN_MS must be a whole number of milliseconds from 0 to 60000; got "1.5".',
    );
    expect(() => deployServiceUrl({ DEPLOY_SERVICE: 'ftp://x' })).toThrow(
      /^DEPLOY_SERVICE must be an http\(s\) URL/,
    );
    expect(() => deployServiceUrl({ DEPLOY_SERVICE: 'nope' })).toThrow(
      /^DEPLOY_SERVICE must be the deploy service's URL/,
    );
  });

  it('knows a service on this machine', () => {
    expect(isLocalService(new URL('http://localhost:3100'))).toBe(true);
    expect(isLocalService(new URL('http://[::1]:3100'))).toBe(true);
    expect(isLocalService(new URL('https://deploy.arttoy.example'))).toBe(false);
  });
});
