/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import satisfies from 'semver/functions/satisfies';
import { REMOTE_CONTRACT_VERSION } from '../contracts/remote';
import { contractOf, remoteContractVersion } from './contract-plugin.mjs';
import { sharedPackageRange, sharedPackageVersion } from './shared-version.mjs';
import { sharedModules } from './webpack.mjs';

const repo = path.resolve(__dirname, '../..');
const APPS = ['shell', 'mf-gallery', 'mf-blog', 'mf-mysterybox', 'mf-account', 'mf-rules'];
const WORKSPACES: string[] = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).workspaces;
const readPackage = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(repo, folder, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

describe('the version of @arttoy/shared', () => {
  it('is a real version, and every workspace that uses it declares a range it meets', () => {
    const version = sharedPackageVersion();
    expect(version).toBe(readPackage('shared').version);
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(1);
    const users = WORKSPACES.filter((folder) => readPackage(folder).dependencies?.['@arttoy/shared']);
    expect(users).toEqual(expect.arrayContaining([...APPS, 'api', 'deploy']));
    for (const folder of users) {
      const range = readPackage(folder).dependencies!['@arttoy/shared']!;
      expect({ folder, met: satisfies(version, range) }).toEqual({ folder, met: true });
    }
  });

  it("is required by each app's build as its package.json declares it, as a singleton", () => {
    const shared = readPackage('shared').dependencies!;
    for (const app of APPS) {
      const declared = readPackage(app).dependencies!['@arttoy/shared'];
      const modules = sharedModules({ dir: path.join(repo, app) });
      const ours = Object.entries(modules).filter(([key]) => key.startsWith('@arttoy/shared/'));
      expect(ours.length).toBeGreaterThan(0);
      for (const [key, options] of ours) {
        expect({ app, key, ...options }).toEqual({
          app,
          key,
          singleton: true,
          requiredVersion: declared,
          version: sharedPackageVersion(),
        });
      }
      // The third-party singletons: the range is the shared package's own dependency, from ^ its version.
      expect(modules.react).toEqual({ singleton: true, requiredVersion: `^${shared.react}` });
      expect(modules.zustand).toEqual({ singleton: true, requiredVersion: `^${shared.zustand}` });
    }
  });

  it('refuses an app whose declared range the shared package does not meet, saying what to do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-range-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ dependencies: { '@arttoy/shared': '^99.0.0' } }),
      );
      expect(() => sharedPackageRange(dir)).toThrow(
        /needs @arttoy\/shared \^99\.0\.0, but shared\/package.json is/,
      );
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: {} }));
      expect(() => sharedPackageRange(dir)).toThrow(/must list "@arttoy\/shared"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('contract.json', () => {
  it('records the contract version shared/contracts/remote.ts declares', () => {
    expect(remoteContractVersion()).toBe(REMOTE_CONTRACT_VERSION);
  });

  const modules = [
    {
      type: 'consume-shared-module',
      options: { shareKey: 'react', requiredVersion: '^19.3.1', singleton: true },
    },
    {
      type: 'consume-shared-module',
      options: { shareKey: '@arttoy/shared/auth', requiredVersion: '^1.0.0', singleton: true },
    },
    // Not a singleton, or no range: nothing the shell must meet.
    {
      type: 'consume-shared-module',
      options: { shareKey: 'lodash', requiredVersion: '^4.0.0', singleton: false },
    },
    { type: 'consume-shared-module', options: { shareKey: 'zod', requiredVersion: false, singleton: true } },
    { type: 'provide-module', _name: 'react', _version: '19.3.1' },
    { type: 'provide-module', _name: '@arttoy/shared/auth', _version: '1.0.0' },
    { type: 'javascript/auto' },
  ];

  it("names a remote's needs: the singletons it consumes, with their ranges", () => {
    expect(contractOf({ modules }, { name: 'mf_rules', isHost: false, contract: 3 })).toEqual({
      app: 'mf_rules',
      needs: { contract: 3, shared: { '@arttoy/shared/auth': '^1.0.0', react: '^19.3.1' } },
    });
  });

  it("names the shell's provides: every module it puts on the page, with its version", () => {
    expect(contractOf({ modules }, { name: 'shell', isHost: true, contract: 3 }).provides).toEqual({
      contract: 3,
      shared: { '@arttoy/shared/auth': '1.0.0', react: '19.3.1' },
    });
  });
});
