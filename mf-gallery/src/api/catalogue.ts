/**
 * The gallery's reads of the catalogue API, one function per request, read with the site's one data
 * layer (`usePageQuery`, `prefetchPageRead` from @arttoy/shared/query). Every answer is validated
 * with the API's own zod schemas, and each read's answer in the page's data is its first.
 */
import { endpoints, type BoxModelDetail, type EndpointQuery } from '@arttoy/shared/contracts/api';
import { endpointRead, NOT_FOUND, prefetchPageRead, type PageRead } from '@arttoy/shared/query';
import { useEffect, useLayoutEffect, useRef } from 'react';

export const styleList = () => endpointRead(endpoints.listStyles, { query: { pageSize: 100 } });

export const styleDetail = (slug: string) => endpointRead(endpoints.getStyle, { params: { slug } });

export type SeriesListParams = EndpointQuery<typeof endpoints.listSeries>;
export const seriesList = (query: SeriesListParams) => endpointRead(endpoints.listSeries, { query });

export const seriesDetail = (slug: string) => endpointRead(endpoints.getSeries, { params: { slug } });

export type FigureListParams = EndpointQuery<typeof endpoints.listFigures>;
export const figureList = (query: FigureListParams) => endpointRead(endpoints.listFigures, { query });

export const figureDetail = (slug: string) => endpointRead(endpoints.getFigure, { params: { slug } });

/** What /gallery/{path} names, a figure or a series: one read that answers 200 for either. */
export const galleryPath = (slug: string) => endpointRead(endpoints.getGalleryPath, { params: { slug } });

export const boxModelDetail = (id: number) => endpointRead(endpoints.getBoxModel, { params: { id } });

/** Every box model of a series with its published odds (one request per box; a series has one or two). */
export const boxModelDetails = (ids: readonly number[]): PageRead<BoxModelDetail[]> => ({
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
