import { REMOTE_CONTRACT_VERSION } from '@arttoy/shared/contracts';
import { buildMetaFixture } from '@arttoy/shared/testing/build-meta';
import type { ServerContainers } from './containers';
import { refuseMisfits } from './contract-gate';

const meta = buildMetaFixture();
meta.apps.shell.provides = {
  contract: REMOTE_CONTRACT_VERSION,
  shared: { '@arttoy/shared/contracts': '1.0.0' },
};
meta.apps.mf_rules.needs = {
  contract: REMOTE_CONTRACT_VERSION,
  shared: { '@arttoy/shared/contracts': '^2.0.0' },
};
meta.apps.mf_blog.needs = {
  contract: REMOTE_CONTRACT_VERSION,
  shared: { '@arttoy/shared/contracts': '^1.0.0' },
};

describe('refuseMisfits', () => {
  it('never loads the server container of a remote that does not fit the shell, and says why', async () => {
    const load = jest.fn(() => Promise.resolve({} as never));
    const containers = refuseMisfits({ load } as ServerContainers);
    await expect(containers.load(meta, 'mf_rules')).rejects.toThrow(
      'mf_rules v-mf-rules does not fit the shell: mf_rules v-mf-rules needs @arttoy/shared ^2.0.0; shell v-shell provides 1.0.0.',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the shell, a fitting remote and one published before needs were recorded', async () => {
    const load = jest.fn(() => Promise.resolve({} as never));
    const containers = refuseMisfits({ load } as ServerContainers);
    await containers.load(meta, 'shell');
    await containers.load(meta, 'mf_blog');
    await containers.load(meta, 'mf_gallery');
    expect(load.mock.calls.map((call: unknown[]) => call[1])).toEqual(['shell', 'mf_blog', 'mf_gallery']);
  });
});
