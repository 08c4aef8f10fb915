/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { buildServers, productionImportProblems, SERVERS, unresolvedImports } from './build-servers.mjs';

const ROOT = path.resolve(__dirname, '../..');

/** A build whose only input, `input`, imports each of `specifiers` (kept as imports in the output). */
function buildImporting(input: string, specifiers: string[]): Metafile {
  const imports = specifiers.map((specifier) => ({
    path: specifier,
    kind: 'import-statement' as const,
    external: true,
  }));
  return {
    inputs: { [input]: { bytes: 1, imports } },
    outputs: {
      'server.mjs': { bytes: 1, inputs: {}, imports, exports: [], entryPoint: input },
    },
  };
}

describe('buildServers', () => {
  let outdir: string;
  beforeAll(() => {
    fs.mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
    outdir = fs.mkdtempSync(path.join(ROOT, 'dist', 'test-servers-'));
  });
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('compiles every server into one ES module each, importing only production dependencies', async () => {
    const { files, metafile } = await buildServers({ outdir });
    const required = SERVERS.filter(({ optional }) => !optional).map(({ name }) => `${name}.mjs`);
    expect(files.map((file) => path.basename(file))).toEqual(expect.arrayContaining(required));
    for (const file of files) {
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.existsSync(`${file}.map`)).toBe(true);
    }
    expect(productionImportProblems({ metafile, outdir })).toEqual([]);

    const imported = new Set(
      Object.values(metafile.outputs).flatMap(({ imports }) => imports.map((entry) => entry.path)),
    );
    // Our workspace packages are inside; tools of development are not reached at run time.
    expect(
      [...imported].filter((specifier) =>
        /^@arttoy\/|^(tsx|firebase-tools|webpack|esbuild)(\/|$)/.test(specifier),
      ),
    ).toEqual([]);
    // What OpenTelemetry instruments stays an import it can hook.
    for (const name of ['pg', 'fastify', 'node:http']) expect(imported.has(name)).toBe(true);
  });

  it('refuses a folder outside the repository, where the servers would not find their packages', async () => {
    await expect(buildServers({ outdir: path.join(os.tmpdir(), 'servers') })).rejects.toThrow(
      /must be inside the repository .*: the compiled servers import npm packages from its node_modules/,
    );
  });

  it('says when a server source is missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-servers-root-'));
    try {
      await expect(buildServers({ root: empty, outdir: path.join(empty, 'out') })).rejects.toThrow(
        'The server source api/src/server.ts does not exist',
      );
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('productionImportProblems', () => {
  const outdir = path.join(ROOT, 'dist', 'servers');

  it("accepts packages in the importing workspace's dependencies, and Node's own modules", () => {
    expect(
      productionImportProblems({
        metafile: buildImporting('api/src/x.ts', ['fastify', 'pg', 'node:fs', 'firebase-admin/auth']),
        outdir,
      }),
    ).toEqual([]);
  });

  it('names a devDependency, a package of another workspace, and a development-only copy', () => {
    expect(
      productionImportProblems({
        metafile: buildImporting('api/src/x.ts', ['autocannon', '@azure/storage-blob']),
        outdir,
      }),
    ).toEqual([
      'api/src/x.ts imports "autocannon", which is not in the "dependencies" of api/package.json (it is a devDependency: a production install leaves it out).',
      'api/src/x.ts imports "@azure/storage-blob", which is not in the "dependencies" of api/package.json.',
    ]);
    // shared's own @noble/hashes is nested in shared/node_modules; the hoisted copy is a development tool's.
    expect(
      productionImportProblems({
        metafile: buildImporting('shared/fair/x.ts', ['@noble/hashes/sha2.js']),
        outdir,
      }),
    ).toEqual([
      'shared/fair/x.ts imports "@noble/hashes/sha2.js", which resolves to node_modules/@noble/hashes: a copy only development installs have.',
    ]);
  });
});

describe('unresolvedImports', () => {
  it('names each import node cannot resolve from the output folder, with its reason', () => {
    // Any folder two levels down: the relative import reaches api/node_modules from there.
    const outdir = path.join(ROOT, 'api', 'src');
    expect(
      unresolvedImports({
        metafile: buildImporting('shared/x.ts', [
          'semver/functions/satisfies',
          'semver/functions/satisfies.js',
          'no-such-package',
          '../../api/node_modules/drizzle-orm/index.js',
          'node:fs',
        ]),
        outdir,
      }),
    ).toEqual([
      expect.stringMatching(/^"semver\/functions\/satisfies": Cannot find module .*satisfies/),
      expect.stringMatching(/^"no-such-package": Cannot find package 'no-such-package'/),
    ]);
  });
});
