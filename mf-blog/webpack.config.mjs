import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'mf_blog',
  dir: import.meta.dirname,
  port: 3102,
  title: 'Blog (standalone)',
});
