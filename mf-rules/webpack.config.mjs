import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'mf_rules',
  dir: import.meta.dirname,
  port: 3105,
  title: 'Help and rules (standalone)',
});
