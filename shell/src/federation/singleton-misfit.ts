import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteMisfitError } from './remote-misfit';

/** A remote's container name (the shell's own consumption is not judged: it provides the modules). */
const REMOTE_CONSUMER = /^mf_[a-z]+$/;

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

/**
 * A federation runtime plugin for every container on the page (registered globally, so a remote's
 * own runtime uses it too): when a remote asks for a shared singleton whose one copy on the page is
 * outside its required range, the runtime would only warn and hand it over; this refuses it with a
 * RemoteMisfitError instead, so the remote's area shows its fallback rather than a broken page.
 * The manifest check (remote-misfit.ts) stops most misfits before this; this catches a remote
 * published without its needs, or with needs that do not say the truth.
 */
export function singletonMisfitPlugin(
  satisfy: (version: string, range: string) => boolean,
): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-singleton-misfits',
    resolveShare(args: ResolveShareArgs) {
      const { shareInfo, pkgName, version } = args;
      const consumer = shareInfo.from;
      const required = shareInfo.shareConfig?.requiredVersion;
      if (
        !REMOTE_CONSUMER.test(consumer) ||
        !shareInfo.shareConfig?.singleton ||
        typeof required !== 'string' ||
        !version ||
        satisfy(version, required)
      )
        return args;
      const misfit = new RemoteMisfitError(consumer as never, 'running', [
        `${consumer} needs ${pkgName} ${required}; the page's one copy is ${version}.`,
      ]);
      return {
        ...args,
        resolver: () => {
          throw misfit;
        },
      };
    },
  };
}
