/**
 * Content documents for tests (jest only; no app bundles this): a valid summary or document with
 * the fields a test cares about, and a stand-in for the HTTP client's answers by URL and query.
 */
import type {
  ContentDocument,
  ContentDocumentResponse,
  ContentList,
  ContentSummary,
} from '@arttoy/shared/contracts/api';
import { clearPageReads } from '@arttoy/shared/query';

/** A published summary at `path`, valid by the contract's schema. */
export function summaryAt(path: string, fields: Partial<ContentSummary> = {}): ContentSummary {
  const slug = path.split('/').at(-1) ?? 'page';
  const dir = path.split('/')[1] ?? 'pages';
  return {
    _path: path,
    _stem: path.slice(1),
    _locale: 'en',
    _dir: path.split('/').length > 2 ? dir : 'pages',
    _hash: '0123456789',
    slug,
    title: slug.replace(/[-_]/g, ' '),
    description: `About ${slug}.`,
    date: '2025-03-01',
    updated: '2025-03-01',
    author: null,
    cover: null,
    tags: [],
    draft: false,
    readingMinutes: 3,
    ...fields,
  };
}

/** A whole document at `path`. */
export function documentAt(path: string, fields: Partial<ContentDocument> = {}): ContentDocument {
  return { ...summaryAt(path), html: '<p>Text.</p>', toc: [], ...fields };
}

/** The API's answer for one document, with no neighbours unless given. */
export function documentResponse(
  document: ContentDocument,
  fields: Partial<Omit<ContentDocumentResponse, 'document'>> = {},
): ContentDocumentResponse {
  return { document, previous: null, next: null, related: [], ...fields };
}

/** The API's answer for a list page. */
export function listResponse(items: ContentSummary[], fields: Partial<ContentList> = {}): ContentList {
  return {
    items,
    page: 1,
    pageSize: 6,
    total: items.length,
    totalPages: items.length > 0 ? 1 : 0,
    tags: [],
    ...fields,
  };
}

/** What a mocked `request` was asked: the URL and its query. */
export interface RequestCall {
  url: string;
  query: Record<string, unknown>;
}

/** The calls of a jest mock of `request(url, { query })`, in order. */
export function requestCalls(mock: { mock: { calls: unknown[][] } }): RequestCall[] {
  return mock.mock.calls.map(([url, options]) => ({
    url: String(url),
    query: (options as { query?: Record<string, unknown> } | undefined)?.query ?? {},
  }));
}

/** Makes a jest mock of `request(url, { query })` answer every document read with a document at the query's path. */
export function answerWithDocuments(
  mock: {
    mockImplementation: (
      implementation: (url: string, options?: { query?: Record<string, unknown> }) => Promise<unknown>,
    ) => unknown;
  },
  fields: (path: string) => Partial<ContentDocument> = () => ({}),
): void {
  mock.mockImplementation(async (_url, options) => {
    const path = String(options?.query?.path);
    return documentResponse(documentAt(path, fields(path)));
  });
}

/** Before each test of reads ahead: none kept, and every document read answered afresh. */
export function resetDocumentReads(
  mock: Parameters<typeof answerWithDocuments>[0] & { mockReset: () => unknown },
): void {
  clearPageReads();
  mock.mockReset();
  answerWithDocuments(mock);
}
