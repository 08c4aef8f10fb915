import { useEffect } from 'react';
import { contentDocumentResponseSchema, type ContentDocumentResponse } from '@arttoy/shared/contracts/api';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { contentDocumentUrl, fetchContentDocument, isContentNotFound } from './content-client';
import { prefetchedContentDocument, rememberContentDocument } from './document-prefetch';
import { useContent, type ContentState } from './use-content';
import { useGivenAnswer } from './use-given-answer';

/**
 * The document at a site path (drafts too in preview mode), with the page title set from it.
 * `notFound` says the document does not exist, or the answer was an HTML page instead of one.
 * A published document read ahead (`prefetchContentDocument`) shows at once; a read ahead still
 * running is joined rather than repeated.
 */
export function useContentDocument(path: string, preview: boolean): ContentState<ContentDocumentResponse> & { retry: () => void; notFound: boolean } {
  const prefetched = () => (preview ? undefined : prefetchedContentDocument(path));
  // The server's answer for this page (its payload): the first render shows it, and nothing is asked again.
  const served = useGivenAnswer(preview ? '' : contentDocumentUrl(path), contentDocumentResponseSchema);
  const state = useContent(
    `${path}|${preview}`,
    (signal) => prefetched()?.answer ?? (served ? Promise.resolve(served) : fetchContentDocument({ path, preview, signal })),
    () => prefetched()?.value ?? served,
  );
  // Kept like a document read ahead: coming back to this page soon shows it again without a read.
  useEffect(() => {
    if (served) rememberContentDocument(path, served);
  }, [path, served]);
  const document = state.status === 'success' ? state.data.document : null;
  usePageHead(document ? { title: document.title, description: document.description || undefined, image: document.cover ?? undefined } : null);
  return { ...state, notFound: state.status === 'error' && isContentNotFound(state.error) };
}
