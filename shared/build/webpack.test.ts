/** @jest-environment node */
import path from 'node:path';
import { createConfig } from './webpack.mjs';

const repo = path.resolve(__dirname, '../..');
const shellDir = path.join(repo, 'shell');
const remotes = path.join(repo, 'bench/monolith/remotes.ts');

function pluginNames(config: { plugins: object[] }): string[] {
  return config.plugins.map((plugin) => plugin.constructor.name);
}

describe('createConfig', () => {
  it('builds a federated app by default', () => {
    const config = createConfig({ name: 'shell', dir: shellDir, port: 3000, title: 'T' })({}, { mode: 'production' });
    expect(pluginNames(config)).toContain('ModuleFederationPlugin');
    expect(config.output.path).toBe(path.join(shellDir, 'dist'));
  });

  it('builds the monolith without federation, swapping only the shell\'s remote loader', () => {
    const outputDir = path.join(repo, 'bench/.out/monolith');
    const config = createConfig({ name: 'shell', dir: shellDir, port: 3000, title: 'T', monolith: { remotes, outputDir } })({}, { mode: 'production' });
    expect(pluginNames(config)).not.toContain('ModuleFederationPlugin');
    expect(config.output.path).toBe(outputDir);
    const replacement = config.plugins.find((plugin: object) => plugin.constructor.name === 'NormalModuleReplacementPlugin') as {
      resourceRegExp: RegExp;
      newResource: (resource: { request: string; context: string }) => void;
    };
    const fromFederation = { request: './remotes', context: path.join(shellDir, 'src/federation') };
    const elsewhere = { request: './remotes', context: path.join(shellDir, 'src/pages') };
    for (const resource of [fromFederation, elsewhere]) {
      if (replacement.resourceRegExp.test(resource.request)) replacement.newResource(resource);
    }
    expect(fromFederation.request).toBe(remotes);
    expect(elsewhere.request).toBe('./remotes');
  });

  it.each([
    ['a remote', { name: 'mf_gallery', dir: path.join(repo, 'mf-gallery'), port: 3101, title: 'T', monolith: { remotes, outputDir: '/tmp/x' } }, /only the shell/],
    ['a missing module', { name: 'shell', dir: shellDir, port: 3000, title: 'T', monolith: { remotes: '/no/such/file.ts', outputDir: '/tmp/x' } }, /existing module/],
    ['a relative output folder', { name: 'shell', dir: shellDir, port: 3000, title: 'T', monolith: { remotes, outputDir: 'out' } }, /absolute folder/],
  ])('refuses a monolith for %s', (_case, options, message) => {
    expect(() => createConfig(options)).toThrow(message);
  });
});
