/**
 * The apps' server containers, loaded at run time from the live manifest, as the browser loads
 * their browser containers. One federation instance per build: a build's containers share one
 * React and one copy of each shared module (the shell provides them, the remotes take them), and a
 * new build (a deploy or a rollback of any app) gets fresh containers on its first request. The
 * builds being served are kept (stable, a canary's candidate, a preview: BUILDS_KEPT); the least
 * recently used is dropped with its containers when another comes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { createInstance } from '@module-federation/runtime';
import type { AppName, BuildMeta, RemoteServerModule, ShellServerModule } from '@arttoy/shared/contracts';
import { BUILDS_KEPT } from '../variants/builds';

export type ServerModule<A extends AppName> = A extends 'shell' ? ShellServerModule : RemoteServerModule;

export interface ServerContainers {
  /** The app's `./server` in the given build; rejects when it has none or it cannot be loaded. */
  load: <A extends AppName>(meta: BuildMeta, app: A) => Promise<ServerModule<A>>;
}

interface BuildContainers {
  id: string;
  modules: Map<AppName, Promise<unknown>>;
  federation: ReturnType<typeof createInstance>;
}

/** Reads an entry, checks it against the manifest's integrity, and runs it as the CommonJS module it is. */
async function evaluateEntry(file: string, integrity: string): Promise<unknown> {
  const bytes = await fs.readFile(file);
  const actual = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  if (actual !== integrity)
    throw new Error(
      `${file} does not match its integrity in the manifest (${integrity}); it was changed after publishing. Publish the app again.`,
    );
  const module = { exports: {} as unknown };
  // The container reads its chunks from beside this file (webpack's async-node chunk loading).
  const run = vm.compileFunction(
    bytes.toString('utf8'),
    ['exports', 'module', 'require', '__filename', '__dirname'],
    { filename: file },
  );
  run(module.exports, module, createRequire(file), file, path.dirname(file));
  return module.exports;
}

/** Numbers the loaders of this process (see the entry keys below). */
let loaders = 0;

export function serverContainers(origin: string, buildsKept = BUILDS_KEPT): ServerContainers {
  /** By build id, least recently used first. */
  const kept = new Map<string, BuildContainers>();
  loaders += 1;
  const loader = loaders;

  const containersOf = (meta: BuildMeta): BuildContainers => {
    const known = kept.get(meta.id);
    if (known) {
      kept.delete(meta.id);
      kept.set(meta.id, known);
      return known;
    }
    const entries = new Map<string, { file: string; integrity: string }>();
    const remotes = [];
    for (const [app, entry] of Object.entries(meta.apps)) {
      if (!entry.server) continue;
      entries.set(app, { file: path.join(origin, entry.server.entry), integrity: entry.server.integrity });
      // Keyed by build and by this loader as well as by version: the federation runtime remembers
      // entries process-wide, and each build's containers must be its own (one share scope each,
      // none kept from an old build or from another site server in the same process).
      remotes.push({
        name: app,
        entry: `${entry.server.entry}?build=${meta.id}&loader=${loader}`,
        type: 'commonjs-module' as const,
      });
    }
    const federation = createInstance({
      name: `site_server_${loader}_${meta.id.replace(/-/g, '_')}`,
      remotes,
      shared: {},
      plugins: [
        {
          name: 'origin-server-entries',
          loadEntry: ({ remoteInfo }) => {
            const entry = entries.get(remoteInfo.name);
            if (!entry) throw new Error(`No server entry for ${remoteInfo.name} in build ${meta.id}.`);
            return evaluateEntry(entry.file, entry.integrity) as never;
          },
        },
      ],
    });
    const containers = { id: meta.id, modules: new Map(), federation };
    kept.set(meta.id, containers);
    for (const old of kept.keys()) {
      if (kept.size <= buildsKept) break;
      kept.delete(old);
    }
    return containers;
  };

  const serverContainersLoad = <A extends AppName>(meta: BuildMeta, app: A): Promise<ServerModule<A>> => {
    if (!meta.apps[app].server)
      return Promise.reject(
        new Error(
          `${app} ${meta.apps[app].version} has no server container (built before server rendering, or without src/server.tsx).`,
        ),
      );
    const build = containersOf(meta);
    let module = build.modules.get(app);
    if (!module) {
      // The shell's container first, as in the browser: it provides React and the shared modules,
      // and a remote initialised before them were loaded could settle on its own copy of React
      // for some of its modules (hooks then fail: "Cannot read properties of null").
      const shell =
        app === 'shell'
          ? Promise.resolve()
          : serverContainersLoad(meta, 'shell').then(
              () => undefined,
              () => undefined,
            );
      module = shell
        .then(() => build.federation.loadRemote(`${app}/server`))
        .then((loaded) => {
          if (!loaded) throw new Error(`${app}'s server container has no ./server module.`);
          return loaded;
        });
      // A failed load is not kept: the next request tries again (a file restored, say).
      module.catch(() => build.modules.delete(app));
      build.modules.set(app, module);
    }
    return module as Promise<ServerModule<A>>;
  };
  return { load: serverContainersLoad };
}
