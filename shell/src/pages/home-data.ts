/**
 * What the home page shows, read from the API: series with a box on sale, the boxes with their real
 * prices and stock, and the latest posts. The server reads the same URLs for the first render
 * (`firstReads` in server.tsx), so a visitor's first load carries them in the page payload.
 *
 * The answers are checked with valibot schemas of only the fields the page shows: they are a subset
 * of the API's contract (`@arttoy/shared/contracts/api`), whose full zod schemas would bring zod to
 * the JavaScript home waits for before it is interactive (valibot is already on the page
 * for the runtime config and the manifest: shared/contracts/parse-or-explain.ts).
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import type { EndpointAnswer, Endpoints } from '@arttoy/shared/contracts/api';
import { usePageData } from '@arttoy/shared/federation/page-data';
import { request } from '@arttoy/shared/http';

/**
 * The three reads, in the exact form the server and the browser ask for them: four of each, one
 * full row of cards on a wide screen.
 */
export const HOME_READS = {
  series: '/api/series?onSale=true&pageSize=4',
  boxes: '/api/box-models?pageSize=4',
  posts: '/api/content/documents?dir=blog&page=1&pageSize=4&locale=en',
} as const;

const nameRef = v.object({ slug: v.string(), name: v.string() });
const page = <T extends v.GenericSchema>(item: T) => v.object({ items: v.array(item) });

export const homeSeriesSchema = page(
  v.object({
    slug: v.string(),
    name: v.string(),
    description: v.string(),
    style: nameRef,
    figureCount: v.number(),
    coverArtUrl: v.nullable(v.string()),
  }),
);
export const homeBoxesSchema = page(
  v.object({
    id: v.number(),
    name: v.string(),
    artUrl: v.string(),
    price: v.object({ amountMinor: v.number(), currency: v.string() }),
    series: nameRef,
    stock: v.number(),
  }),
);
export const homePostsSchema = page(
  v.object({ _path: v.string(), title: v.string(), description: v.string(), date: v.string() }),
);

/**
 * The contract's answers hold every field the home page reads (a type check only: no zod is loaded),
 * so a contract change that drops or retypes one fails the typecheck here.
 */
type Holds<Answer extends Read, Read> = Answer;
export type HomeAnswersFromContract = [
  Holds<EndpointAnswer<Endpoints['listSeries']>, v.InferOutput<typeof homeSeriesSchema>>,
  Holds<EndpointAnswer<Endpoints['listBoxModels']>, v.InferOutput<typeof homeBoxesSchema>>,
  Holds<EndpointAnswer<Endpoints['listContentDocuments']>, v.InferOutput<typeof homePostsSchema>>,
];

export type HomeSeries = v.InferOutput<typeof homeSeriesSchema>['items'][number];
export type HomeBox = v.InferOutput<typeof homeBoxesSchema>['items'][number];
export type HomePost = v.InferOutput<typeof homePostsSchema>['items'][number];

export type HomeAnswer<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; retry: () => void };

/**
 * One section's answer: the one the server gave this page, else read in the browser (a client
 * navigation to home, or a document rendered in the browser). A failed or unreadable answer is
 * `failed`, with a retry; the rest of the page does not wait for it.
 */
export function useHomeAnswer<T>(url: string, schema: v.GenericSchema<unknown, T>): HomeAnswer<T> {
  const given = usePageData(url);
  const [answer, setAnswer] = useState<HomeAnswer<T>>(() => {
    const parsed = given === undefined ? null : v.safeParse(schema, given);
    return parsed?.success ? { status: 'ready', data: parsed.output } : { status: 'loading' };
  });
  const needsRead = answer.status === 'loading';
  useEffect(() => {
    if (!needsRead) return;
    const controller = new AbortController();
    // Retry goes back to loading, which reads again.
    const failed = (error: unknown) => {
      if (controller.signal.aborted) return;
      console.warn(`[home] ${url} could not be read`, error);
      setAnswer({ status: 'failed', retry: () => setAnswer({ status: 'loading' }) });
    };
    request<unknown>(url, { signal: controller.signal }).then((body) => {
      const parsed = v.safeParse(schema, body);
      if (parsed.success) setAnswer({ status: 'ready', data: parsed.output });
      else failed(new Error(`answered in a shape the home page does not know: ${parsed.issues[0].message}`));
    }, failed);
    return () => controller.abort();
  }, [needsRead, url, schema]);
  return answer;
}
