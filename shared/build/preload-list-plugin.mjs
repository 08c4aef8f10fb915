// Writes `preload.json` beside an app's build: which chunk files (scripts and stylesheets) a page needs before it can render,
// so the site server can name them in the document and the browser fetches them at once, instead of
// discovering them one layer at a time (entry → shared modules → remote entry → its app → its page).
import webpack from 'webpack';

const PLUGIN = 'PreloadListPlugin';
export const PRELOAD_LIST_FILE = 'preload.json';

/**
 * Chunk groups the document may preload, by name:
 *   bootstrap          the shell's start-up (src/index.ts imports ./bootstrap under this name)
 *   remote-outlet      the shell's code that mounts remotes (federation/lazy-remote-outlet.tsx)
 *   expose-<remote>    a remote's ./app (the expose's chunk name; in the monolith, its lazy import)
 *   route-<routeId>    a page a remote loads lazily (webpackChunkName in its routes.tsx)
 */
const PRELOADABLE = /^(bootstrap|remote-outlet|expose-mf_[a-z]+|route-[a-z0-9_-]+)$/;

/** The script and style files of a chunk group, and the share keys its modules take from the page's share scope. */
function describe(compilation, group) {
  const files = new Set();
  const shared = new Set();
  for (const chunk of group.chunks) {
    for (const file of chunk.files) if (file.endsWith('.js') || file.endsWith('.css')) files.add(file);
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type === 'consume-shared-module') shared.add(module.options.shareKey);
    }
  }
  return { files: [...files].toSorted(), shared: [...shared].toSorted() };
}

/**
 * `preload.json`:
 *   groups:   { [name]: { files, shared } } for the named groups above;
 *   provides: { [shareKey]: { files, shared } }: the chunks of each module this app provides to the
 *             page (the shell provides them all), for a reader that needs what a group consumes.
 * Files are relative to the app's published folder.
 */
export class PreloadListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (PRELOADABLE.test(name) && !group.isInitial()) groups[name] = describe(compilation, group);
          }
          const provides = {};
          for (const module of compilation.modules) {
            // A provided module's code sits behind its one async block (eager modules have none).
            if (module.type !== 'provide-module' || module.blocks.length === 0) continue;
            const group = compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]);
            if (group) provides[module._name] = describe(compilation, group);
          }
          // Keys in order: the same build gives the same file (and version) whether webpack's cache was warm or not.
          const list = { groups: sortedByKey(groups), provides: sortedByKey(provides) };
          compilation.emitAsset(
            PRELOAD_LIST_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(list, null, 1)}\n`),
          );
        },
      );
    });
  }
}

/** The object's entries in key order. */
function sortedByKey(object) {
  return Object.fromEntries(Object.entries(object).toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
