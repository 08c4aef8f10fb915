import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * How long a remote entry may take before its area shows the fallback. The federation runtime
 * waits 20 s by default, far longer than a visitor waits for a blank area.
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 8000;

export default function remoteEntryTimeout(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-entry-timeout',
    createScript() {
      return { timeout: REMOTE_ENTRY_TIMEOUT_MS };
    },
  };
}
