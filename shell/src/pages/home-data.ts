/**
 * What the home page shows, read from the API: series with a box on sale, the boxes with their real
 * prices and stock, and the latest posts. The server reads the same URLs for the first render
 * (`firstReads` in server.tsx), so a visitor's first load carries them in the page payload.
 *
 * The answers are checked with zod/mini schemas of only the fields the page shows: they are a subset
 * of the API's contract (`@arttoy/shared/contracts/api`), whose full zod schemas would add ~12 KB
 * gzip to the JavaScript home waits for before it is interactive.
 */
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
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

const nameRef = z.object({ slug: z.string(), name: z.string() });
const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item) });

export const homeSeriesSchema = page(
  z.object({ slug: z.string(), name: z.string(), description: z.string(), style: nameRef, figureCount: z.number(), coverArtUrl: z.nullable(z.string()) }),
);
export const homeBoxesSchema = page(
  z.object({ id: z.number(), name: z.string(), price: z.object({ amountMinor: z.number(), currency: z.string() }), series: nameRef, stock: z.number() }),
);
export const homePostsSchema = page(z.object({ _path: z.string(), title: z.string(), description: z.string(), date: z.string() }));

export type HomeSeries = z.infer<typeof homeSeriesSchema>['items'][number];
export type HomeBox = z.infer<typeof homeBoxesSchema>['items'][number];
export type HomePost = z.infer<typeof homePostsSchema>['items'][number];

export type HomeAnswer<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; retry: () => void };

/**
 * One section's answer: the one the server gave this page, else read in the browser (a client
 * navigation to home, or a document rendered in the browser). A failed or unreadable answer is
 * `failed`, with a retry; the rest of the page does not wait for it.
 */
export function useHomeAnswer<T>(url: string, schema: z.ZodMiniType<T>): HomeAnswer<T> {
  const given = usePageData(url);
  const [answer, setAnswer] = useState<HomeAnswer<T>>(() => {
    const parsed = given === undefined ? null : schema.safeParse(given);
    return parsed?.success ? { status: 'ready', data: parsed.data } : { status: 'loading' };
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
      const parsed = schema.safeParse(body);
      if (parsed.success) setAnswer({ status: 'ready', data: parsed.data });
      else failed(new Error(`answered in a shape the home page does not know: ${parsed.error.issues[0]?.message ?? 'invalid'}`));
    }, failed);
    return () => controller.abort();
  }, [needsRead, url, schema]);
  return answer;
}
