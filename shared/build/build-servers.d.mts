// Types of the server build (build-servers.mjs), for TypeScript callers such as its tests.
import type { Metafile } from 'esbuild';

export const SERVERS: Array<{ name: string; source: string; optional?: boolean }>;

export function packageName(specifier: string): string;

export function productionImportProblems(build: {
  metafile: Metafile;
  outdir: string;
  root?: string;
}): string[];

export function unresolvedImports(build: { metafile: Metafile; outdir: string }): string[];

export function buildServers(options?: {
  outdir?: string;
  root?: string;
}): Promise<{ outdir: string; files: string[]; metafile: Metafile }>;
