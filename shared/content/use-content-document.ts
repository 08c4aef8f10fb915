import type { ContentDocumentResponse } from '@arttoy/shared/contracts/api';
import { fetchContentDocument, isContentNotFound } from './content-client';
import { useDocumentTitle } from './remote-context';
import { useContent, type ContentState } from './use-content';

/**
 * The document at a site path (drafts too in preview mode), with the page title set from it.
 * `notFound` says the document does not exist, or the answer was an HTML page instead of one.
 */
export function useContentDocument(path: string, preview: boolean): ContentState<ContentDocumentResponse> & { retry: () => void; notFound: boolean } {
  const state = useContent(`${path}|${preview}`, (signal) => fetchContentDocument({ path, preview, signal }));
  useDocumentTitle(state.status === 'success' ? state.data.document.title : null);
  return { ...state, notFound: state.status === 'error' && isContentNotFound(state.error) };
}
