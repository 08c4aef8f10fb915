import { buildMetaFixture } from '@arttoy/shared/testing/build-meta';
import { REMOTE_CONTRACT_VERSION } from '@arttoy/shared/contracts';
import { misfitOf, onRemoteMisfit, RemoteMisfitError, reportRemoteMisfit } from './remote-misfit';

function manifest(rulesNeed: string) {
  const meta = buildMetaFixture();
  meta.apps.shell.provides = {
    contract: REMOTE_CONTRACT_VERSION,
    shared: { react: '19.3.1', '@arttoy/shared/contracts': '1.0.0' },
  };
  meta.apps.mf_rules.needs = {
    contract: REMOTE_CONTRACT_VERSION,
    shared: { '@arttoy/shared/contracts': rulesNeed },
  };
  return meta;
}

describe('misfitOf', () => {
  it("refuses a remote whose manifest entry needs what the page's shell does not provide", async () => {
    const misfit = await misfitOf(manifest('^2.0.0'), 'mf_rules');
    expect(misfit).toBeInstanceOf(RemoteMisfitError);
    expect(misfit?.problems).toEqual([
      'mf_rules v-mf-rules needs @arttoy/shared ^2.0.0; shell v-shell provides 1.0.0.',
    ]);
    expect(misfit?.message).toMatch(
      /^Remote mf_rules v-mf-rules does not fit this shell: .* Other pages still work/,
    );
  });

  it('lets a fitting remote, and one published before needs were recorded, load', async () => {
    expect(await misfitOf(manifest('^1.0.0'), 'mf_rules')).toBeNull();
    expect(await misfitOf(manifest('^2.0.0'), 'mf_gallery')).toBeNull();
  });
});

describe('reportRemoteMisfit', () => {
  it('logs a misfit and tells the listeners once per remote version', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    const stop = onRemoteMisfit((report) => heard.push(report));
    const misfit = new RemoteMisfitError('mf_blog', 'b1', [
      'mf_blog b1 needs react ^20.0.0; shell s provides 19.3.1.',
    ]);
    reportRemoteMisfit(misfit);
    reportRemoteMisfit(misfit);
    stop();
    reportRemoteMisfit(new RemoteMisfitError('mf_blog', 'b2', ['another']));
    expect(heard).toEqual([{ remote: 'mf_blog', version: 'b1', problems: misfit.problems }]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]![0]).toMatch(/^\[shell\] Remote mf_blog b1 does not fit this shell/);
    error.mockRestore();
  });
});
