import type { ContentDocumentResponse } from '@arttoy/shared/contracts/api';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { usePageQuery, type PageQuery } from '@arttoy/shared/query';
import { isContentNotFound } from './content-client';
import { contentDocumentRead } from './content-reads';

/**
 * The document at a site path (drafts too in preview mode), with the page title set from it.
 * `notFound` says the document does not exist, or the answer was an HTML page instead of one.
 * The server's answer, or a read ahead (`prefetchContentDocument`), shows in the first render; a
 * read ahead still running is joined rather than repeated.
 */
export function useContentDocument(
  path: string,
  preview: boolean,
): PageQuery<ContentDocumentResponse> & { notFound: boolean } {
  const state = usePageQuery(contentDocumentRead(path, preview));
  const document = state.status === 'success' ? state.data.document : null;
  usePageHead(
    document
      ? {
          title: document.title,
          description: document.description || undefined,
          image: document.cover ?? undefined,
        }
      : null,
  );
  return { ...state, notFound: state.status === 'error' && isContentNotFound(state.error) };
}
