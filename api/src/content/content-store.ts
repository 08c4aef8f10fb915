/**
 * The compiled documents in memory, with the queries the content routes answer: one document with
 * its neighbours and related posts, and a folder's list (newest first, by tag, paged). Drafts are
 * left out unless the caller says the request may see them (a valid preview token).
 */
import type {
  ContentDocument,
  ContentDocumentResponse,
  ContentList,
  ContentLocale,
  ContentSummary,
} from '@arttoy/shared/contracts/api';
import type { ContentBuild } from './build';
import type { CompiledDocument } from './compile';

export interface Visibility {
  locale: ContentLocale;
  /** Drafts too: only for requests with a valid preview token and `preview=true`. */
  drafts: boolean;
}

export interface ListRequest extends Visibility {
  dir: string;
  tag?: string | undefined;
  page: number;
  pageSize: number;
}

/** Newest first; the path breaks ties so the order never changes between requests. */
const newestFirst = (a: CompiledDocument, b: CompiledDocument) =>
  b.date.localeCompare(a.date) || a._path.localeCompare(b._path);

export class ContentStore {
  private readonly documents: readonly CompiledDocument[];

  /** `assetUrl` turns a cover's asset name (`x.svg`) and hash into the URL the API serves it at. */
  constructor(
    readonly build: ContentBuild,
    private readonly assetUrl: (name: string, hash: string) => string,
  ) {
    this.documents = build.documents.toSorted(newestFirst);
  }

  private visible(visibility: Visibility): CompiledDocument[] {
    return this.documents.filter(
      (document) => document._locale === visibility.locale && (visibility.drafts || !document.draft),
    );
  }

  /** The URL of the document's cover, or null when it has none. */
  coverOf(document: CompiledDocument): string | null {
    const name = document.cover?.slice('assets/'.length);
    return name ? this.assetUrl(name, this.build.assets[name] ?? '') : null;
  }

  toSummary(document: CompiledDocument): ContentSummary {
    const { html: _html, toc: _toc, headings: _headings, text: _text, cover: _cover, ...rest } = document;
    return { ...rest, _locale: document._locale as ContentLocale, cover: this.coverOf(document) };
  }

  toDocument(document: CompiledDocument): ContentDocument {
    return { ...this.toSummary(document), html: document.html, toc: document.toc };
  }

  /** The document on a path with its previous/next (by date, same folder) and up to three related ones. */
  get(path: string, visibility: Visibility): ContentDocumentResponse | null {
    const visible = this.visible(visibility);
    const document = visible.find((candidate) => candidate._path === path);
    if (!document) return null;
    const siblings = visible.filter((candidate) => candidate._dir === document._dir);
    const index = siblings.indexOf(document);
    const older = siblings[index + 1];
    const newer = siblings[index - 1];
    return {
      document: this.toDocument(document),
      previous: older ? this.toSummary(older) : null,
      next: newer ? this.toSummary(newer) : null,
      related: this.related(document, siblings).map((other) => this.toSummary(other)),
    };
  }

  /** Documents of the folder sharing the most tags with this one (at least one), newest first among equals. */
  private related(document: CompiledDocument, siblings: CompiledDocument[]): CompiledDocument[] {
    const tags = new Set(document.tags);
    return siblings
      .filter((other) => other !== document)
      .map((other) => ({ other, shared: other.tags.filter((tag) => tags.has(tag)).length }))
      .filter(({ shared }) => shared > 0)
      .toSorted((a, b) => b.shared - a.shared || newestFirst(a.other, b.other))
      .slice(0, 3)
      .map(({ other }) => other);
  }

  /** A folder's documents, newest first, optionally of one tag; tag counts are over the whole folder. */
  list(request: ListRequest): ContentList {
    const inFolder = this.visible(request).filter((document) => document._dir === request.dir);
    const counts = new Map<string, number>();
    for (const document of inFolder)
      for (const tag of document.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    const matching = request.tag
      ? inFolder.filter((document) => document.tags.includes(request.tag as string))
      : inFolder;
    const start = (request.page - 1) * request.pageSize;
    return {
      items: matching.slice(start, start + request.pageSize).map((document) => this.toSummary(document)),
      page: request.page,
      pageSize: request.pageSize,
      total: matching.length,
      totalPages: Math.ceil(matching.length / request.pageSize),
      tags: [...counts]
        .map(([tag, count]) => ({ tag, count }))
        .toSorted((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    };
  }
}
