/**
 * The gallery's reads of the catalogue API, one function per request, each with its hook and its
 * prefetch. Every answer is validated with the API's own zod schemas.
 */
import {
  boxModelDetailSchema,
  figurePageSchema,
  figureSchema,
  galleryPathSchema,
  seriesDetailSchema,
  seriesPageSchema,
  stylePageSchema,
  styleDetailSchema,
  type FIGURE_RARITIES,
  type FIGURE_SORTS,
} from '@arttoy/shared/contracts/api';
import { isNotFoundAnswer } from '@arttoy/shared/contracts';
import { usePageDataReader } from '@arttoy/shared/federation/page-data';
import { API_BASE, apiJson } from '@arttoy/shared/http';
import type * as z from 'zod';
import { queryString } from './query-string';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NOT_FOUND, prefetch, useQuery } from './query';

/** A read: its cache key (the API path), its loader, and its answer among the page's server data. */
export interface Read<T> {
  key: string;
  load: () => Promise<T>;
  /** The answer the server gave the page (`given` reads the page data by API URL), validated; NOT_FOUND for its 404; undefined when not given. */
  given: (answerOf: (url: string) => unknown) => T | typeof NOT_FOUND | undefined;
}

/** One API request, validated with the API's own schema. */
const read = <S extends z.ZodType>(path: string, schema: S): Read<z.infer<S>> => ({
  key: path,
  load: () => apiJson(path, schema),
  given: (answerOf) => {
    const answer = answerOf(`${API_BASE}${path}`);
    if (answer === undefined) return undefined;
    return isNotFoundAnswer(answer) ? NOT_FOUND : schema.safeParse(answer).data;
  },
});

export const styleList = () => read('/styles?pageSize=100', stylePageSchema);

export const styleDetail = (slug: string) => read(`/styles/${encodeURIComponent(slug)}`, styleDetailSchema);

export interface SeriesListParams {
  page?: number;
  pageSize?: number;
  sort?: 'catalogue' | 'newest';
  onSale?: 'true';
}
export const seriesList = (params: SeriesListParams) => {
  return read(`/series${queryString({ ...params })}`, seriesPageSchema);
};

export const seriesDetail = (slug: string) => read(`/series/${encodeURIComponent(slug)}`, seriesDetailSchema);

export interface FigureListParams {
  style?: string;
  series?: string;
  rarity?: (typeof FIGURE_RARITIES)[number];
  sort?: (typeof FIGURE_SORTS)[number];
  page?: number;
  pageSize?: number;
}
export const figureList = (params: FigureListParams) => {
  return read(`/figures${queryString({ ...params })}`, figurePageSchema);
};

export const figureDetail = (slug: string) => read(`/figures/${encodeURIComponent(slug)}`, figureSchema);

/** What /gallery/{path} names, a figure or a series: one read that answers 200 for either. */
export const galleryPath = (slug: string) => read(`/gallery-paths/${encodeURIComponent(slug)}`, galleryPathSchema);

export const boxModelDetail = (id: number) => read(`/box-models/${id}`, boxModelDetailSchema);

/** Reads one resource in a component. */
export function useRead<T>({ key, load, given }: Read<T>) {
  const answerOf = usePageDataReader();
  return useQuery(key, load, () => given(answerOf));
}

/** Warms the cache for a link the visitor points at, or the next page. */
export function prefetchRead<T>({ key, load }: Read<T>): void {
  prefetch(key, load);
}

/** Every box model of a series with its published odds (one request per box; a series has one or two). */
export const boxModelDetails = (ids: readonly number[]): Read<Array<z.infer<typeof boxModelDetailSchema>>> => ({
  key: `/box-models/${ids.join(',')}`,
  load: () => Promise.all(ids.map((id) => boxModelDetail(id).load())),
  given: (answerOf) => {
    const answers = ids.map((id) => boxModelDetail(id).given(answerOf));
    if (answers.includes(NOT_FOUND)) return NOT_FOUND;
    return answers.every((answer) => answer !== undefined && answer !== NOT_FOUND) ? answers : undefined;
  },
});

/** Reads ahead (the next page) once the page knows there is one; `null` reads nothing. */
export function usePrefetch<T>(ahead: Read<T> | null): void {
  const key = ahead?.key ?? null;
  const latest = useRef(ahead);
  useLayoutEffect(() => {
    latest.current = ahead;
  });
  useEffect(() => {
    if (key !== null && latest.current) prefetch(key, latest.current.load);
  }, [key]);
}
