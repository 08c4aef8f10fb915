import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'shell',
  dir: import.meta.dirname,
  port: 3000,
  title: 'ArtToy Club',
  runtimePlugins: ['./src/federation/runtime-plugin.ts'],
});
