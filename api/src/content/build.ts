/**
 * The content build: every Markdown file under content/ compiled into one JSON file
 * (`<out>/documents.json`) plus the documents' part of the search index (`<out>/search-index.json`).
 * `npm run build -w api` writes it; the API compiles on start when it is missing or stale, so a
 * fresh clone works without the build step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONTENT_LOCALE, type SearchEntry } from '@arttoy/shared/contracts/api';
import { type CompiledDocument, compileDocument, contentHash, searchKindOf } from './compile';
import { ContentError } from './front-matter';
import { apiEnvironment, type Environment } from '../config';
import { projectPath } from '../project-files';

/** Bump when the compiler's output changes, so existing builds count as stale. */
export const PIPELINE_VERSION = 1;

export interface ContentBuild {
  pipelineVersion: number;
  /** Hash of every source file (names and bytes) and the pipeline version. */
  sourceHash: string;
  documents: CompiledDocument[];
  /** Cover images under content/assets/: file name → hash of its bytes (the URL's cache buster). */
  assets: Record<string, string>;
}

export interface ContentPaths {
  /** The Markdown sources. Default CONTENT_DIR, else `<repo>/content`. */
  contentDir: string;
  /** Where the build is written. Default CONTENT_OUT_DIR, else `<repo>/api/.content`. */
  outDir: string;
}

export function resolveContentPaths(
  options: Partial<ContentPaths> = {},
  env: Environment = apiEnvironment(),
): ContentPaths {
  return {
    contentDir: path.resolve(options.contentDir ?? env.CONTENT_DIR ?? projectPath('content')),
    outDir: path.resolve(options.outDir ?? env.CONTENT_OUT_DIR ?? projectPath('api/.content')),
  };
}

/** Every file under the folder, as sorted forward-slash paths relative to it. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root))
    throw new ContentError(`The content folder ${root} does not exist. Set CONTENT_DIR or create it.`);
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .toSorted();
}

interface Sources {
  markdown: Map<string, string>;
  assets: Map<string, Buffer>;
  hash: string;
}

function readSources(contentDir: string): Sources {
  const markdown = new Map<string, string>();
  const assets = new Map<string, Buffer>();
  const parts: string[] = [`pipeline:${PIPELINE_VERSION}`];
  for (const file of listFiles(contentDir)) {
    // The folder's own guide for authors is not a page.
    if (file === 'README.md') continue;
    const bytes = fs.readFileSync(path.join(contentDir, file));
    if (file.endsWith('.md')) markdown.set(file, bytes.toString('utf8'));
    else if (file.startsWith('assets/') && file.endsWith('.svg')) assets.set(file, bytes);
    else continue;
    parts.push(`${file}:${contentHash(bytes)}`);
  }
  return { markdown, assets, hash: contentHash(parts.join('\n')) };
}

/** Compiles every document; throws one ContentError listing every bad file. */
export function buildContent(contentDir: string): ContentBuild {
  const sources = readSources(contentDir);
  const problems: string[] = [];
  const documents: CompiledDocument[] = [];
  const seen = new Map<string, string>();
  for (const [file, source] of sources.markdown) {
    try {
      const document = compileDocument(source, file);
      const key = `${document._locale}:${document._path}`;
      const other = seen.get(key);
      if (other)
        throw new ContentError(
          `${file}: answers on ${document._path} (${document._locale}) like ${other}; rename one of them.`,
        );
      seen.set(key, file);
      if (document.cover && !sources.assets.has(document.cover))
        throw new ContentError(`${file}: cover ${document.cover} does not exist under content/.`);
      documents.push(document);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0)
    throw new ContentError(
      `${problems.length} content document(s) failed to compile:\n- ${problems.join('\n- ')}`,
    );
  const assets = Object.fromEntries(
    [...sources.assets].map(([file, bytes]) => [file.slice('assets/'.length), contentHash(bytes)]),
  );
  return { pipelineVersion: PIPELINE_VERSION, sourceHash: sources.hash, documents, assets };
}

/**
 * The documents' search entries: published documents of the default locale only. `imageOf` gives a
 * document's picture (its cover's URL, which depends on where the API is mounted), if any.
 */
export function documentSearchEntries(
  build: ContentBuild,
  imageOf: (document: CompiledDocument) => string | null = () => null,
): SearchEntry[] {
  return build.documents
    .filter((document) => !document.draft && document._locale === DEFAULT_CONTENT_LOCALE)
    .map((document) => {
      const kind = searchKindOf(document._dir);
      const image = imageOf(document);
      return {
        id: `${kind}:${document._path}`,
        kind,
        path: document._path,
        title: document.title,
        description: document.description,
        headings: document.headings,
        text: document.text,
        ...(image ? { image } : {}),
      };
    });
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

export function writeContentBuild(outDir: string, build: ContentBuild): void {
  fs.mkdirSync(outDir, { recursive: true });
  writeAtomically(path.join(outDir, 'search-index.json'), JSON.stringify(documentSearchEntries(build)));
  // Written last: its sourceHash is what marks the whole output as current.
  writeAtomically(path.join(outDir, 'documents.json'), JSON.stringify(build));
}

function readBuild(outDir: string): ContentBuild | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, 'documents.json'), 'utf8')) as ContentBuild;
  } catch {
    return null;
  }
}

export interface LoadedContent {
  build: ContentBuild;
  /** Where it came from: the stored build, or compiled now. */
  origin: 'stored' | 'compiled';
}

/**
 * The current build: the stored one if it matches the sources, else compiled now and stored (a
 * read-only output folder only costs the next start the same compile).
 */
export function loadContent(
  paths: ContentPaths,
  warn: (message: string) => void = () => undefined,
): LoadedContent {
  const stored = readBuild(paths.outDir);
  if (
    stored &&
    stored.pipelineVersion === PIPELINE_VERSION &&
    stored.sourceHash === readSources(paths.contentDir).hash
  )
    return { build: stored, origin: 'stored' };
  const build = buildContent(paths.contentDir);
  try {
    writeContentBuild(paths.outDir, build);
  } catch (error) {
    warn(
      `Could not store the content build in ${paths.outDir} (${(error as Error).message}); it will be compiled again on the next start.`,
    );
  }
  return { build, origin: 'compiled' };
}
