import {
  registerGlobalPlugins,
  satisfy,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { entryIntegrity } from './entry-integrity';
import { singletonMisfitPlugin } from './singleton-misfit';

/**
 * How long a remote entry may take before its area shows the fallback. The federation runtime
 * waits 20 s by default, far longer than a visitor waits for a blank area.
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 8000;

/**
 * The shell's federation runtime plugin: a shorter load timeout, and Subresource Integrity on
 * remote entries (the federation runtime has none built in). An entry whose bytes do not match
 * the manifest's SHA-384 is refused by the browser, and its area shows the contained fallback.
 */
export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  // Before any remote's container starts: each gets its own federation instance, which takes the
  // global plugins, so the check sees what every remote asks of the page's share scope.
  registerGlobalPlugins([singletonMisfitPlugin(satisfy)]);
  return {
    name: 'shell-remote-entries',
    createScript({ url }) {
      const integrity = entryIntegrity(url);
      if (!integrity) return { timeout: REMOTE_ENTRY_TIMEOUT_MS };
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      // SRI needs a CORS-mode request; the origin (and any remote host) answers with CORS headers.
      script.crossOrigin = 'anonymous';
      return { script, timeout: REMOTE_ENTRY_TIMEOUT_MS };
    },
  };
}
