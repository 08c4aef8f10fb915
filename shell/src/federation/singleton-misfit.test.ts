import satisfies from 'semver/functions/satisfies';
import { misfitIn, RemoteMisfitError } from './remote-misfit';
import { singletonMisfitPlugin } from './singleton-misfit';

type Args = Parameters<NonNullable<ReturnType<typeof singletonMisfitPlugin>['resolveShare']>>[0];

const resolved = { shared: { version: '1.0.0' }, useTreesShaking: false };

function args(from: string, requiredVersion: string | false, singleton = true): Args {
  return {
    pkgName: '@arttoy/shared/contracts',
    version: '1.0.0',
    shareInfo: { from, shareConfig: { singleton, requiredVersion } },
    resolver: () => resolved,
  } as unknown as Args;
}

const plugin = singletonMisfitPlugin(satisfies);
/** The hook's answer (a waterfall hook always answers with the arguments, changed or not). */
const resolveShare = (given: Args): Args => plugin.resolveShare!(given) as Args;

describe('singletonMisfitPlugin', () => {
  it("refuses a remote's singleton outside its range, instead of the runtime's warning", () => {
    const out = resolveShare(args('mf_rules', '^2.0.0'));
    let thrown: unknown;
    try {
      out.resolver();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RemoteMisfitError);
    expect((thrown as RemoteMisfitError).problems).toEqual([
      "mf_rules needs @arttoy/shared/contracts ^2.0.0; the page's one copy is 1.0.0.",
    ]);
    // However the runtime wraps it, the shell finds it.
    expect(misfitIn(new Error('loadShare failed', { cause: thrown }))).toBe(thrown);
  });

  it("leaves a fitting remote, the shell's own requests and non-singletons to the runtime", () => {
    for (const given of [
      args('mf_rules', '^1.0.0'),
      args('shell', '^2.0.0'),
      args('mf_rules', '^2.0.0', false),
      args('mf_rules', false),
    ]) {
      expect(resolveShare(given).resolver()).toBe(resolved);
    }
  });
});
