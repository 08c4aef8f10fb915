import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID } from '@arttoy/shared/contracts';
import { devServerOrigins, devSiteEnvironment } from './dev-site';

describe('the development site', () => {
  afterEach(() => {
    delete process.env.DEV_PORT_OFFSET;
  });

  it("gives the shell's dev server the runtime config and a policy that lets in every app's dev server, not eval", () => {
    const { head, contentSecurityPolicy } = JSON.parse(
      devSiteEnvironment(DEFAULT_RUNTIME_CONFIG, 1_800_000_000_000),
    ) as { head: string; contentSecurityPolicy: string };
    expect(head).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
    const scripts = contentSecurityPolicy.split('; ').find((part) => part.startsWith('script-src '));
    expect(scripts).toBe(
      "script-src 'self' http://localhost:3101 http://localhost:3102 http://localhost:3103 http://localhost:3104 http://localhost:3105 http://localhost:3000",
    );
    expect(contentSecurityPolicy).toContain('ws://localhost:3000');
    expect(contentSecurityPolicy).toContain('ws://localhost:3105');
    expect(contentSecurityPolicy).not.toContain('unsafe-eval');
  });

  it('follows DEV_PORT_OFFSET', () => {
    process.env.DEV_PORT_OFFSET = '10000';
    expect(devServerOrigins()).toEqual([
      'http://localhost:13000',
      'http://localhost:13101',
      'http://localhost:13102',
      'http://localhost:13103',
      'http://localhost:13104',
      'http://localhost:13105',
    ]);
  });
});
