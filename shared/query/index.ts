/**
 * The one way pages read data: a cache per page shared by the shell and every remote (this module
 * is a singleton of the federation scope), built on TanStack Query, with one freshness rule
 * (`Freshness`), reads ahead, and the page's server data as every read's first answer.
 */
export {
  apiRead,
  endpointRead,
  FRESH_MS,
  NOT_FOUND,
  queryKeyOf,
  userEndpointRead,
  userRead,
  type AnswerOf,
  type Freshness,
  type PageRead,
} from './page-read';
export { clearPageReads } from './page-query-client';
export { rememberedUser } from './persisted-reads';
export { cachedPageRead, fetchPageRead, invalidatePageReads, prefetchPageRead } from './prefetch';
export { usePageQuery, type PageQuery } from './use-page-query';
