/**
 * Documents read ahead of a navigation: a remote's `prefetch(path)` (the shell's link prefetcher
 * calls it when a link comes into view or is pointed at) reads the page's document, and the page
 * that opens next shows it in its first render instead of a skeleton and a request. Published
 * documents only (a preview read is never prefetched), kept for PREFETCH_FRESH_MS; each app that
 * bundles this module has its own.
 */
import type { ContentDocumentResponse } from '@arttoy/shared/contracts/api';
import { fetchContentDocument } from './content-client';

/** How long a prefetched document may stand in for a fresh read. */
export const PREFETCH_FRESH_MS = 30_000;
/** Links on one screen are few; past this, the oldest reads are forgotten. */
const MAX_PREFETCHED = 16;

export interface PrefetchedDocument {
  /** The read, still running or settled (a failed one is forgotten). */
  answer: Promise<ContentDocumentResponse>;
  /** The document, once the read succeeded. */
  value?: ContentDocumentResponse;
}

const reads = new Map<string, PrefetchedDocument & { at: number }>();

/** The fresh prefetched read of `path`, if any. Reads only: safe during a render. */
export function prefetchedContentDocument(path: string): PrefetchedDocument | undefined {
  const read = reads.get(path);
  return read && Date.now() - read.at <= PREFETCH_FRESH_MS ? read : undefined;
}

function forgetStale(): void {
  const now = Date.now();
  for (const [path, read] of reads) if (now - read.at > PREFETCH_FRESH_MS) reads.delete(path);
  // Maps keep insertion order: the first entries are the oldest.
  for (const path of [...reads.keys()].slice(0, Math.max(0, reads.size - MAX_PREFETCHED + 1))) reads.delete(path);
}

/**
 * Reads the published document at `path` ahead of a navigation to it (once while fresh). Resolves
 * whether the document is there; never rejects (the page's own read reports a failure).
 */
export function prefetchContentDocument(path: string): Promise<boolean> {
  const known = prefetchedContentDocument(path);
  if (known) return known.answer.then(() => true, () => false);
  forgetStale();
  const read: PrefetchedDocument & { at: number } = { at: Date.now(), answer: fetchContentDocument({ path }) };
  reads.set(path, read);
  return read.answer.then(
    (value) => {
      read.value = value;
      return true;
    },
    () => {
      if (reads.get(path) === read) reads.delete(path);
      return false;
    },
  );
}

/**
 * Keeps a document the page already has (the server gave it with the first page) as if read ahead:
 * a return to that page within PREFETCH_FRESH_MS shows it at once, even offline.
 */
export function rememberContentDocument(path: string, value: ContentDocumentResponse): void {
  if (prefetchedContentDocument(path)?.value) return;
  forgetStale();
  reads.set(path, { at: Date.now(), answer: Promise.resolve(value), value });
}

/** Forgets every prefetched document (tests). */
export function clearPrefetchedDocuments(): void {
  reads.clear();
}
