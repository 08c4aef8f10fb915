/**
 * Data once, after the first page too: a client navigation reads the page's payload
 * (`<path>/_payload.json`, the answers its document would carry, read by the site server in the
 * API's process) in one request while the router waits, and the page starts from it as the first
 * page starts from the document's. Only where the site server renders pages (the first document
 * carried a payload); never longer than PAYLOAD_WAIT_MS, and never an error: without a payload the
 * page reads its data itself.
 */
import type { PagePayload } from '@arttoy/shared/contracts';
import {
  pagePayload,
  pagePayloadUrl,
  parsePagePayload,
  setPagePayload,
  setPayloadReadAhead,
} from '@arttoy/shared/federation/page-data';

/** How long a navigation waits for its payload before the page goes on and reads its data itself. */
export const PAYLOAD_WAIT_MS = 2_000;
/** A payload read on a link's hover or focus stands for a click this soon after. */
export const PREFETCHED_FOR_MS = 10_000;

let served = false;
const prefetched = new Map<string, { at: number; payload: Promise<PagePayload | null> }>();

/** Turns payload navigation on when the site server renders pages (the first document carried a payload). */
export function enablePayloadNavigation(on: boolean): void {
  served = on;
  prefetched.clear();
  // Remotes' links read payloads ahead through the shared page-data module, instead of their own reads.
  setPayloadReadAhead(on ? prefetchPagePayload : null);
}

/** Whether client navigations read payloads (the site server renders pages). */
export function payloadNavigationEnabled(): boolean {
  return served;
}

async function readPayload(path: string): Promise<PagePayload | null> {
  try {
    const response = await fetch(pagePayloadUrl(path), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    // A page that does not exist has a payload too (404): its reads say so.
    if (response.status !== 200 && response.status !== 404) return null;
    return parsePagePayload(await response.json(), path);
  } catch {
    return null;
  }
}

function payloadFor(path: string): Promise<PagePayload | null> {
  const now = Date.now();
  const known = prefetched.get(path);
  if (known && now - known.at < PREFETCHED_FOR_MS) return known.payload;
  const payload = readPayload(path);
  prefetched.set(path, { at: now, payload });
  return payload;
}

/** Reads the payload of the page a link leads to (a path of this site), ahead of its click (hover, focus). */
export function prefetchPagePayload(to: string): void {
  if (!served) return;
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) return;
  const path = `${url.pathname}${url.search}`;
  if (pagePayload()?.path !== path) void payloadFor(path);
}

function within<T>(work: Promise<T>, ms: number, signal: AbortSignal): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(null);
    };
    signal.addEventListener('abort', stop, { once: true });
    void work.then((value) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve(value);
    });
  });
}

/** The router's loader for every page: the payload of the page navigated to, set before it renders. */
export async function navigationPayloadLoader({ request }: { request: Request }): Promise<null> {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  if (!served || pagePayload()?.path === path) return null;
  const payload = await within(payloadFor(path), PAYLOAD_WAIT_MS, request.signal);
  // Read once: a later visit to the same page reads it again.
  prefetched.delete(path);
  if (payload && !request.signal.aborted) setPagePayload(payload);
  return null;
}
