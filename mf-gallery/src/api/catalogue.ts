/**
 * The gallery's reads of the catalogue API, one function per request, read with the site's one data
 * layer (`usePageQuery`, `prefetchPageRead` from @arttoy/shared/query). Every answer is validated
 * with the API's own zod schemas, and each read's answer in the page's data is its first.
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
import { apiRead, NOT_FOUND, prefetchPageRead, type PageRead } from '@arttoy/shared/query';
import type * as z from 'zod';
import { queryString } from './query-string';
import { useEffect, useLayoutEffect, useRef } from 'react';

export const styleList = () => apiRead('/styles?pageSize=100', stylePageSchema);

export const styleDetail = (slug: string) =>
  apiRead(`/styles/${encodeURIComponent(slug)}`, styleDetailSchema);

export interface SeriesListParams {
  page?: number;
  pageSize?: number;
  sort?: 'catalogue' | 'newest';
  onSale?: 'true';
}
export const seriesList = (params: SeriesListParams) => {
  return apiRead(`/series${queryString({ ...params })}`, seriesPageSchema);
};

export const seriesDetail = (slug: string) =>
  apiRead(`/series/${encodeURIComponent(slug)}`, seriesDetailSchema);

export interface FigureListParams {
  style?: string;
  series?: string;
  rarity?: (typeof FIGURE_RARITIES)[number];
  sort?: (typeof FIGURE_SORTS)[number];
  page?: number;
  pageSize?: number;
}
export const figureList = (params: FigureListParams) => {
  return apiRead(`/figures${queryString({ ...params })}`, figurePageSchema);
};

export const figureDetail = (slug: string) => apiRead(`/figures/${encodeURIComponent(slug)}`, figureSchema);

/** What /gallery/{path} names, a figure or a series: one read that answers 200 for either. */
export const galleryPath = (slug: string) =>
  apiRead(`/gallery-paths/${encodeURIComponent(slug)}`, galleryPathSchema);

export const boxModelDetail = (id: number) => apiRead(`/box-models/${id}`, boxModelDetailSchema);

/** Every box model of a series with its published odds (one request per box; a series has one or two). */
export const boxModelDetails = (
  ids: readonly number[],
): PageRead<Array<z.infer<typeof boxModelDetailSchema>>> => ({
  key: `/box-models/${ids.join(',')}`,
  load: (signal) => Promise.all(ids.map((id) => boxModelDetail(id).load(signal))),
  given: (answerOf) => {
    const answers = ids.map((id) => boxModelDetail(id).given?.(answerOf));
    if (answers.includes(NOT_FOUND)) return NOT_FOUND;
    return answers.every((answer) => answer !== undefined && answer !== NOT_FOUND) ? answers : undefined;
  },
});

/** Reads ahead (the next page) once the page knows there is one; `null` reads nothing. */
export function usePrefetch<T>(ahead: PageRead<T> | null): void {
  const key = ahead?.key ?? null;
  const latest = useRef(ahead);
  useLayoutEffect(() => {
    latest.current = ahead;
  });
  useEffect(() => {
    if (key !== null && latest.current) void prefetchPageRead(latest.current);
  }, [key]);
}
