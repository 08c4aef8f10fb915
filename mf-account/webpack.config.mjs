import { createConfig } from '@arttoy/shared/build/webpack.mjs';

export default createConfig({
  name: 'mf_account',
  dir: import.meta.dirname,
  port: 3104,
  title: 'Account (standalone)',
});
