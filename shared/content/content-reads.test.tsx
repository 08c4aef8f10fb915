import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpError, request } from '@arttoy/shared/http';
import { cachedPageRead, clearPageReads, FRESH_MS } from '@arttoy/shared/query';
import { contentDocumentRead, prefetchContentDocument } from './content-reads';
import { answerWithDocuments, documentAt, documentResponse, requestCalls } from './testing';
import { useContentDocument } from './use-content-document';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

function serveDocuments(): void {
  answerWithDocuments(requestMock, (path) => ({ title: `Title of ${path}` }));
}

/** The statuses a page's hook went through, render by render. */
function renderDocumentHook(path: string, preview = false) {
  const statuses: string[] = [];
  const hook = renderHook(() => {
    const state = useContentDocument(path, preview);
    statuses.push(state.status);
    return state;
  });
  return { ...hook, statuses };
}

beforeEach(() => {
  requestMock.mockReset();
  clearPageReads();
  jest.restoreAllMocks();
});
afterAll(clearPageReads);

describe('prefetchContentDocument', () => {
  it('reads a document once while it is fresh, and again once it is stale', async () => {
    serveDocuments();
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await expect(prefetchContentDocument('/rules/authenticity')).resolves.toBe(true);
    await expect(prefetchContentDocument('/rules/authenticity')).resolves.toBe(true);
    expect(requestCalls(requestMock)).toEqual([
      { url: '/api/content/document', query: { path: '/rules/authenticity', locale: 'en' } },
    ]);
    expect(cachedPageRead(contentDocumentRead('/rules/authenticity'))?.document.title).toBe(
      'Title of /rules/authenticity',
    );

    now.mockReturnValue(1_000_000 + FRESH_MS.catalogue + 1);
    await expect(prefetchContentDocument('/rules/authenticity')).resolves.toBe(true);
    expect(requestMock).toHaveBeenCalledTimes(2);
  });

  it('resolves false for a failed read, and the next prefetch reads again', async () => {
    requestMock.mockRejectedValueOnce(
      new HttpError('/api/content/document answered 503.', 503, '/api/content/document'),
    );
    await expect(prefetchContentDocument('/help')).resolves.toBe(false);
    expect(cachedPageRead(contentDocumentRead('/help'))).toBeUndefined();
    serveDocuments();
    await expect(prefetchContentDocument('/help')).resolves.toBe(true);
    expect(requestMock).toHaveBeenCalledTimes(2);
  });
});

describe('useContentDocument with a document read ahead', () => {
  it('shows a prefetched document in its first render, without a request of its own', async () => {
    serveDocuments();
    await prefetchContentDocument('/rules/authenticity');
    const { result, statuses } = renderDocumentHook('/rules/authenticity');
    expect(statuses[0]).toBe('success');
    expect(result.current.status === 'success' && result.current.data.document.title).toBe(
      'Title of /rules/authenticity',
    );
    expect(statuses).not.toContain('pending');
    expect(requestMock).toHaveBeenCalledTimes(1);
  });

  it('joins a read ahead that is still running instead of repeating it', async () => {
    let answer: (value: unknown) => void = () => {};
    requestMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const prefetch = prefetchContentDocument('/blog/displaying-your-figures');
    const { result, statuses } = renderDocumentHook('/blog/displaying-your-figures');
    expect(statuses[0]).toBe('pending');
    await act(async () => {
      answer(
        documentResponse(documentAt('/blog/displaying-your-figures', { title: 'Displaying your figures' })),
      );
      await expect(prefetch).resolves.toBe(true);
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(requestMock).toHaveBeenCalledTimes(1);
  });

  it('reads afresh in preview mode: drafts are never read ahead', async () => {
    serveDocuments();
    await prefetchContentDocument('/rules/authenticity');
    const { result, statuses } = renderDocumentHook('/rules/authenticity', true);
    expect(statuses[0]).toBe('pending');
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(requestCalls(requestMock).at(-1)).toEqual({
      url: '/api/content/document',
      query: { path: '/rules/authenticity', locale: 'en', preview: 'true' },
    });
  });

  it('shows a stale document at once and reads it again behind it', async () => {
    serveDocuments();
    const now = jest.spyOn(Date, 'now').mockReturnValue(5_000_000);
    await prefetchContentDocument('/help');
    now.mockReturnValue(5_000_000 + FRESH_MS.catalogue + 1);
    const { statuses } = renderDocumentHook('/help');
    expect(statuses[0]).toBe('success');
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(2));
    expect(statuses).not.toContain('pending');
  });

  it('says not found for a path no document has', async () => {
    const { result } = renderDocumentHook('/rules/../secrets');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.notFound).toBe(true);
    expect(requestMock).not.toHaveBeenCalled();
  });
});
