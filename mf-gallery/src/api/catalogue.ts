/**
 * The gallery's reads of the catalogue API, one function per request, each with its hook and its
 * prefetch. Every answer is validated with the API's own zod schemas.
 */
import {
  boxModelDetailSchema,
  figurePageSchema,
  figureSchema,
  seriesDetailSchema,
  seriesPageSchema,
  stylePageSchema,
  styleDetailSchema,
  type FIGURE_RARITIES,
  type FIGURE_SORTS,
} from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { queryString } from './query-string';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { prefetch, useQuery } from './query';

/** A read: its cache key (the API path) and its loader. */
interface Read<T> {
  key: string;
  load: () => Promise<T>;
}

const read = <T>(key: string, load: () => Promise<T>): Read<T> => ({ key, load });

export const styleList = () => read('/styles?pageSize=100', () => apiJson('/styles?pageSize=100', stylePageSchema));

export const styleDetail = (slug: string) => read(`/styles/${slug}`, () => apiJson(`/styles/${encodeURIComponent(slug)}`, styleDetailSchema));

export interface SeriesListParams {
  page?: number;
  pageSize?: number;
  sort?: 'catalogue' | 'newest';
  onSale?: 'true';
}
export const seriesList = (params: SeriesListParams) => {
  const path = `/series${queryString({ ...params })}`;
  return read(path, () => apiJson(path, seriesPageSchema));
};

export const seriesDetail = (slug: string) => read(`/series/${slug}`, () => apiJson(`/series/${encodeURIComponent(slug)}`, seriesDetailSchema));

export interface FigureListParams {
  style?: string;
  series?: string;
  rarity?: (typeof FIGURE_RARITIES)[number];
  sort?: (typeof FIGURE_SORTS)[number];
  page?: number;
  pageSize?: number;
}
export const figureList = (params: FigureListParams) => {
  const path = `/figures${queryString({ ...params })}`;
  return read(path, () => apiJson(path, figurePageSchema));
};

export const figureDetail = (slug: string) => read(`/figures/${slug}`, () => apiJson(`/figures/${encodeURIComponent(slug)}`, figureSchema));

export const boxModelDetail = (id: number) => read(`/box-models/${id}`, () => apiJson(`/box-models/${id}`, boxModelDetailSchema));

/** Reads one resource in a component. */
export function useRead<T>({ key, load }: Read<T>) {
  return useQuery(key, load);
}

/** Warms the cache for a link the visitor points at, or the next page. */
export function prefetchRead<T>({ key, load }: Read<T>): void {
  prefetch(key, load);
}

/** Every box model of a series with its published odds (one request per box; a series has one or two). */
export const boxModelDetails = (ids: readonly number[]) =>
  read(`/box-models/${ids.join(',')}`, () => Promise.all(ids.map((id) => boxModelDetail(id).load())));

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
