// The monolith: the shell's own config from the one factory, with every remote built into it.
// Used only by the benchmark (bench/web.mjs), never deployed.
import path from 'node:path';
import { createConfig } from '@arttoy/shared/build/webpack.mjs';

const shellDir = path.resolve(import.meta.dirname, '../../shell');

export default createConfig({
  name: 'shell',
  dir: shellDir,
  port: 3000,
  title: 'ArtToy Club',
  monolith: {
    remotes: path.join(import.meta.dirname, 'remotes.ts'),
    outputDir: path.resolve(import.meta.dirname, '../.out/monolith'),
  },
});
