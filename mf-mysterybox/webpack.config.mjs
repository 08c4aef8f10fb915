import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'mf_mysterybox',
  dir: import.meta.dirname,
  port: 3103,
  title: 'Mystery boxes (standalone)',
});
