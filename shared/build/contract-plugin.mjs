// Writes `contract.json` beside an app's build: what the build needs from the page it is mounted in
// (the remote contract version, and the range of every shared singleton it consumes) and, for the
// shell, what it provides (the same contract version, and the version of every shared module it
// puts on the page). Publishing copies it into the app's manifest entry (`needs`, `provides`), where
// shared/contracts/compat.ts compares a remote with a shell before either goes live.
//
// The fields follow Module Federation's own manifest (mf-manifest.json's `shared`: name, version,
// requiredVersion, singleton), read from the modules the build really contains: a share key the app
// never imports is not a need, and the versions are the ones the federation runtime registers.
import fs from 'node:fs';
import webpack from 'webpack';

const PLUGIN = 'ContractPlugin';
export const CONTRACT_FILE = 'contract.json';

const REMOTE_CONTRACT_SOURCE = new URL('../contracts/remote.ts', import.meta.url);

/** REMOTE_CONTRACT_VERSION as shared/contracts/remote.ts declares it (a literal, read as written). */
export function remoteContractVersion() {
  const source = fs.readFileSync(REMOTE_CONTRACT_SOURCE, 'utf8');
  const match = /^export const REMOTE_CONTRACT_VERSION = (\d+);$/m.exec(source);
  if (!match)
    throw new Error(
      `${REMOTE_CONTRACT_SOURCE.pathname} must declare "export const REMOTE_CONTRACT_VERSION = <integer>;" on one line: builds record it in contract.json.`,
    );
  return Number(match[1]);
}

/** Keys in order: the same build writes the same file whether webpack's cache was warm or not. */
function sorted(map) {
  return Object.fromEntries([...map].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The contract of one compilation: `needs` from its consume-shared modules (singletons with a
 * required range), `provides` (the shell only) from its provide-shared modules.
 */
export function contractOf(compilation, { name, isHost, contract = remoteContractVersion() }) {
  const needed = new Map();
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'consume-shared-module') {
      const { shareKey, requiredVersion, singleton } = module.options;
      if (singleton && typeof requiredVersion === 'string') needed.set(shareKey, requiredVersion);
    } else if (module.type === 'provide-module' && typeof module._version === 'string') {
      provided.set(module._name, module._version);
    }
  }
  return {
    app: name,
    needs: { contract, shared: sorted(needed) },
    ...(isHost ? { provides: { contract, shared: sorted(provided) } } : {}),
  };
}

export class ContractPlugin {
  /** @param {{ name: string, isHost: boolean }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const contract = remoteContractVersion();
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const record = contractOf(compilation, { ...this.options, contract });
          compilation.emitAsset(
            CONTRACT_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(record, null, 1)}\n`),
          );
        },
      );
    });
  }
}
