import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PAGE_PAYLOAD_ELEMENT_ID, type PageData, type PageHead, type PagePayload } from '../contracts';
import { declareDocumentHead } from './document-head';

/**
 * The page's data from the server: during a server render, the answers the site server read for
 * this request (a context, since one process renders many requests at once); in the browser, the
 * document's payload, until the first navigation. A page's first render takes its data from here,
 * so the browser neither asks for it again nor renders anything but what the server sent.
 */
interface ServerPageData {
  data: PageData;
  /** Filled during a server render with the reads the page asked for and was not given. */
  wanted?: Set<string>;
  /** Told during a server render what the page says about itself (usePageHead). */
  setHead?: (head: PageHead) => void;
}

const PageDataContext = createContext<ServerPageData | null>(null);

/**
 * Gives a server render its data. `wanted` collects the URLs the render asked for and did not
 * find: the renderer reads them and renders again (a figure's page learns its series from the figure).
 */
export function PageDataProvider({
  data,
  wanted,
  onHead,
  children,
}: {
  data: PageData;
  wanted?: Set<string>;
  /** Told what the page says about itself, each time a page head renders (the last one is the page's). */
  onHead?: (head: PageHead) => void;
  children?: ReactNode;
}): ReactNode {
  return <PageDataContext value={{ data, wanted, setHead: onHead }}>{children}</PageDataContext>;
}

/**
 * What the page says about itself, the one way every page of the shell and the remotes declares
 * its head. During a server render it goes into the document's head (title, description, link
 * previews, JSON-LD; the last page head rendered wins: the page's, inside the shell's). In the
 * browser, from mount until unmount, the document's title, description, canonical URL and
 * link-preview texts follow it, written as the server writes them. null says nothing (not known
 * yet, or an inner component of the page says it): with nothing said by any page on screen, the
 * document has the site's own head, so a page never keeps the previous page's title.
 */
export function usePageHead(head: PageHead | null): void {
  const server = useContext(PageDataContext);
  if (head) server?.setHead?.(head);
  const declared = useRef<ReturnType<typeof declareDocumentHead> | null>(null);
  // Layout effects: the head changes in the commit that shows the page, before anything (the
  // route announcer) reads the document's title. They do not run on the server.
  useLayoutEffect(() => {
    const declaration = declareDocumentHead();
    declared.current = declaration;
    return () => {
      declaration.remove();
      declared.current = null;
    };
  }, []);
  // By value: pages build their head anew on every render.
  const written = head ? JSON.stringify(head) : null;
  useLayoutEffect(() => {
    declared.current?.set(written === null ? null : (JSON.parse(written) as PageHead));
  }, [written]);
}

/** undefined: not read yet; null: none, or dropped after the first navigation. */
let browserPayload: PagePayload | null | undefined;

/** The document's payload (read once), or null when the page has none. Never throws: a bad payload is only a missed head start. */
export function pagePayload(): PagePayload | null {
  if (browserPayload !== undefined) return browserPayload;
  browserPayload = null;
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PAGE_PAYLOAD_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as PagePayload;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof value.path === 'string' &&
      typeof value.data === 'object' &&
      value.data !== null
    )
      browserPayload = value;
  } catch (error) {
    console.warn('[page-data] the page payload is not JSON; the page reads its data itself.', error);
  }
  return browserPayload;
}

/** The first navigation ends the first page: its payload must not stand in for fresher answers later. */
export function dropPagePayload(): void {
  browserPayload = null;
}

/**
 * The payload of the page a client navigation is going to (its `_payload.json`, read before the page
 * renders): the page then starts from it as the first page starts from the document's.
 */
export function setPagePayload(payload: PagePayload): void {
  browserPayload = payload;
}

/** The shell's reader of a page's payload ahead of a click; none where pages come without payloads. */
let payloadReadAhead: ((path: string) => void) | null = null;

/** The shell says whether client navigations read payloads, and how to read one ahead. */
export function setPayloadReadAhead(readAhead: ((path: string) => void) | null): void {
  payloadReadAhead = readAhead;
}

/**
 * For a link pointed at or focused: reads the payload of the page at `path` ahead, and answers true,
 * where navigations read payloads; false otherwise, and the caller reads the page's data ahead itself
 * (reading both would read the same answers twice).
 */
export function readPagePayloadAhead(path: string): boolean {
  if (!payloadReadAhead) return false;
  payloadReadAhead(path);
  return true;
}

/** Where the payload of the page at `path` (pathname and query) is served for client navigation. */
export function pagePayloadUrl(path: string): string {
  const url = new URL(path, 'http://page.invalid');
  return `${url.pathname.replace(/\/+$/, '')}/_payload.json${url.search}`;
}

/** The payload as sent, or null when it is not one for `path` (a bad answer is only a missed head start). */
export function parsePagePayload(value: unknown, path: string): PagePayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<PagePayload>;
  if (
    candidate.path !== path ||
    typeof candidate.data !== 'object' ||
    candidate.data === null ||
    Array.isArray(candidate.data)
  )
    return null;
  return { path, remote: null, data: candidate.data };
}

/** True while the site server renders this tree (its data is a context then); false in the browser. */
export function useServerRender(): boolean {
  return useContext(PageDataContext) !== null;
}

/** Reads answers the server gave this page by URL (undefined for none); use it when a page's reads are several or conditional. */
export function usePageDataReader(): (url: string) => unknown {
  const server = useContext(PageDataContext);
  if (!server) return browserAnswer;
  return (url) => {
    if (!(url in server.data)) server.wanted?.add(url);
    return server.data[url];
  };
}

function browserAnswer(url: string): unknown {
  return pagePayload()?.data[url];
}

/** The answer the server gave for `url` on this page, or undefined. An empty URL reads nothing. */
export function usePageData(url: string): unknown {
  const read = usePageDataReader();
  return url === '' ? undefined : read(url);
}

/**
 * What `given` makes of the page's server data for `key`, taken once per key (the first render's
 * answer: later renders and the payload's end at the first navigation do not change it). `given`
 * reads through usePageDataReader, so during a server render it also asks for what is missing.
 */
export function useGivenOnce<T>(key: string | null, given: (() => T | undefined) | undefined): T | undefined {
  const [taken, setTaken] = useState(() => ({ key, value: key === null ? undefined : given?.() }));
  if (taken.key === key) return taken.value;
  // A new key: what is given for it now (React's pattern for state derived from a changed prop).
  const next = { key, value: key === null ? undefined : given?.() };
  setTaken(next);
  return next.value;
}
