/**
 * The client of the content API (`/api/content/*`): blog posts, rules and help pages, other site
 * pages. Every answer is validated with the contract's schemas; a missing document, and an answer
 * that is an HTML page instead of JSON (a proxy's or a server's error page), are Not found
 * (spec §8), which pages show as the shell's 404.
 */
import {
  contentPathSchema,
  DEFAULT_CONTENT_LOCALE,
  endpoints,
  type ApiEndpoint,
  type ContentDocumentResponse,
  type ContentList,
  type ContentLocale,
  type EndpointAnswer,
  type EndpointQuery,
} from '@arttoy/shared/contracts/api';
import { createSiteError, isSiteError, type SiteError } from '@arttoy/shared/contracts';
import { API_BASE, HttpError, request } from '@arttoy/shared/http';

/** A document that does not exist (or is a draft the visitor may not see). */
export function contentNotFound(path: string): SiteError {
  return createSiteError({ statusCode: 404, message: `Page not found: ${path}` });
}

/** True for a body that is an HTML page rather than the JSON the API sends. */
export function isHtmlPage(body: unknown): boolean {
  return typeof body === 'string' && /^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(body);
}

function invalidAnswer(url: string, detail: string): Error {
  return new Error(
    `The content API sent an answer this page cannot read (${url}: ${detail}). Reload the page; if it persists, the API and the site are from different releases.`,
  );
}

const DOCUMENT_URL = `${API_BASE}${endpoints.getContentDocument.path}`;
const LIST_URL = `${API_BASE}${endpoints.listContentDocuments.path}`;

/** Runs one content request; maps 404 and HTML pages to Not found, and validates the JSON. */
async function get<E extends ApiEndpoint>(
  endpoint: E,
  query: EndpointQuery<E>,
  notFoundPath: string,
  signal?: AbortSignal,
): Promise<EndpointAnswer<E>> {
  const url = `${API_BASE}${endpoint.path}`;
  let body: unknown;
  try {
    body = await request<unknown>(url, { query: query as Record<string, unknown>, signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw contentNotFound(notFoundPath);
    throw error;
  }
  if (isHtmlPage(body)) throw contentNotFound(notFoundPath);
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return parsed.data as EndpointAnswer<E>;
  const issue = parsed.error.issues[0];
  throw invalidAnswer(
    url,
    issue ? `${issue.path.join('.') || 'the answer'}: ${issue.message}` : 'unknown shape',
  );
}

export interface DocumentRequest {
  /** The site path of the document: `/blog/how-draws-work`, `/rules/authenticity`, `/about`. */
  path: string;
  /** Ask for drafts too (honoured by the API only with a valid preview token cookie). */
  preview?: boolean;
  locale?: ContentLocale;
  signal?: AbortSignal;
}

/**
 * The URL of a published document's read, as the browser asks for it (ofetch writes the query in
 * this order): the key of the page payload's answer and of the document's preload.
 */
export function contentDocumentUrl(path: string, locale: ContentLocale = DEFAULT_CONTENT_LOCALE): string {
  return `${DOCUMENT_URL}?path=${encodeURIComponent(path)}&locale=${locale}`;
}

/** One document with its neighbours and related documents; rejects with a 404 SiteError when there is none. */
export function fetchContentDocument({
  path,
  preview = false,
  locale = DEFAULT_CONTENT_LOCALE,
  signal,
}: DocumentRequest): Promise<ContentDocumentResponse> {
  // A path the API would refuse cannot name a document: no request needed.
  if (!contentPathSchema.safeParse(path).success) return Promise.reject(contentNotFound(path));
  return get(
    endpoints.getContentDocument,
    { path, locale, preview: preview ? 'true' : undefined },
    path,
    signal,
  );
}

export interface ListRequest {
  /** The folder: `blog`, `rules`, `help`, `pages`. */
  dir: string;
  tag?: string;
  page?: number;
  pageSize?: number;
  preview?: boolean;
  locale?: ContentLocale;
  signal?: AbortSignal;
}

/** The URL of a published list's read, as the browser asks for it (ofetch leaves out undefined values): the key of its payload answer. */
export function contentListUrl({
  dir,
  tag,
  page = 1,
  pageSize,
  locale = DEFAULT_CONTENT_LOCALE,
}: Omit<ListRequest, 'preview' | 'signal'>): string {
  const query = Object.entries({ dir, tag, page, pageSize, locale })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return `${LIST_URL}?${query.join('&')}`;
}

/** A page of a folder's documents, newest first, with the folder's tags. */
export function fetchContentList({
  dir,
  tag,
  page = 1,
  pageSize,
  preview = false,
  locale = DEFAULT_CONTENT_LOCALE,
  signal,
}: ListRequest): Promise<ContentList> {
  return get(
    endpoints.listContentDocuments,
    { dir, tag, page, pageSize, locale, preview: preview ? 'true' : undefined },
    `/${dir}`,
    signal,
  );
}

/** True for the Not found of a missing document (or of an HTML page in place of one). */
export function isContentNotFound(error: unknown): boolean {
  return isSiteError(error) && error.statusCode === 404;
}
