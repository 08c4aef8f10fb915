import type { ContentDocumentResponse } from '@arttoy/shared/contracts/api';
import { fetchContentDocument, isContentNotFound } from './content-client';
import { prefetchedContentDocument } from './document-prefetch';
import { useDocumentTitle } from './remote-context';
import { useContent, type ContentState } from './use-content';

/**
 * The document at a site path (drafts too in preview mode), with the page title set from it.
 * `notFound` says the document does not exist, or the answer was an HTML page instead of one.
 * A published document read ahead (`prefetchContentDocument`) shows at once; a read ahead still
 * running is joined rather than repeated.
 */
export function useContentDocument(path: string, preview: boolean): ContentState<ContentDocumentResponse> & { retry: () => void; notFound: boolean } {
  const prefetched = () => (preview ? undefined : prefetchedContentDocument(path));
  const state = useContent(
    `${path}|${preview}`,
    (signal) => prefetched()?.answer ?? fetchContentDocument({ path, preview, signal }),
    () => prefetched()?.value,
  );
  useDocumentTitle(state.status === 'success' ? state.data.document.title : null);
  return { ...state, notFound: state.status === 'error' && isContentNotFound(state.error) };
}
