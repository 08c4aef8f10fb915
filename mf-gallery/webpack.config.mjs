import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'mf_gallery',
  dir: import.meta.dirname,
  port: 3101,
  title: 'Gallery (standalone)',
});
