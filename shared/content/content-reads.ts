import {
  contentDocumentResponseSchema,
  contentListSchema,
  type ContentDocumentResponse,
  type ContentList,
} from '@arttoy/shared/contracts/api';
import { prefetchPageRead, type PageRead } from '@arttoy/shared/query';
import type * as z from 'zod';
import {
  contentDocumentUrl,
  contentListUrl,
  fetchContentDocument,
  fetchContentList,
  type ListRequest,
} from './content-client';

/** The answer the server gave the page for `url`, validated; undefined when not given (or a 404, which content pages do not render on the server). */
const givenAt =
  <T>(url: string, schema: z.ZodType<T>) =>
  (answerOf: (url: string) => unknown) => {
    const answer = answerOf(url);
    return answer === undefined ? undefined : schema.safeParse(answer).data;
  };

/**
 * The document at a site path, read through the page's one cache. Published documents are
 * catalogue reads (fresh for a minute, read ahead by links, given by the server's page); a preview
 * read shows drafts to the holder of a preview token, so it is live and never taken from the page's data.
 */
export function contentDocumentRead(path: string, preview = false): PageRead<ContentDocumentResponse> {
  const url = contentDocumentUrl(path);
  return preview
    ? {
        key: `${url}&preview=true`,
        load: (signal) => fetchContentDocument({ path, preview, signal }),
        freshness: 'live',
      }
    : {
        key: url,
        load: (signal) => fetchContentDocument({ path, signal }),
        given: givenAt(url, contentDocumentResponseSchema),
      };
}

/** A page of a folder's documents, as contentDocumentRead reads a document. */
export function contentListRead(
  request: Omit<ListRequest, 'preview' | 'signal'>,
  preview = false,
): PageRead<ContentList> {
  const url = contentListUrl(request);
  return preview
    ? {
        key: `${url}&preview=true`,
        load: (signal) => fetchContentList({ ...request, preview, signal }),
        freshness: 'live',
      }
    : {
        key: url,
        load: (signal) => fetchContentList({ ...request, signal }),
        given: givenAt(url, contentListSchema),
      };
}

/**
 * Reads the published document at `path` ahead of a navigation to it (a remote's `prefetch(path)`,
 * which the shell's link prefetcher calls): the page that opens next shows it in its first render.
 * Resolves whether the document is there; never rejects (the page's own read reports a failure).
 */
export function prefetchContentDocument(path: string): Promise<boolean> {
  return prefetchPageRead(contentDocumentRead(path));
}
