/**
 * Public reads answered from memory. A route opts in with `config: { cachedRead: { tables } }`,
 * naming every table its answer reads. Its first 200 for a URL is stored as the bytes that were
 * sent, with a strong ETag (a hash of those bytes) and the counters of those tables
 * (`DataChanges`); the next GET of the same URL is answered from memory, before validation and the
 * handler, for as long as none of those tables changed. `If-None-Match` gets a 304 on both paths.
 *
 * Never stale after a change: an answer whose tables changed while it was being read is sent but
 * not stored (the read may have seen the old rows), and an answer stored before a change is not
 * served after the change is heard. A route whose answer also depends on the clock (box stock: a
 * hold that runs out writes nothing) names a `maxAgeMs` too. Only answers marked `public` are stored, so a preview of drafts
 * or a user's own data never is. Bounded: at most `maxEntries` answers and `maxBytes` of them, the
 * least recently used going first.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataChanges, WatchedTable } from './data-changes';

export interface CachedRead {
  /** Every table the answer reads. */
  tables: readonly WatchedTable[];
  /** Kept at most this long, for answers that also depend on the clock (holds that run out write nothing). */
  maxAgeMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET route's 200 answers may be served from memory until one of these tables changes. */
    cachedRead?: CachedRead;
  }
}

export interface AnswerCacheOptions {
  /** Default 2 000 answers. */
  maxEntries?: number;
  /** Default 32 MB. */
  maxBytes?: number;
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  cacheControl: string;
  tables: readonly WatchedTable[];
  snapshot: number[];
  /** Date.now() from which it is not served (maxAgeMs after it was read); none: until a change. */
  until?: number | undefined;
}

/** A strong validator: the same bytes, the same tag, on every instance. */
export const strongEtag = (body: string | Buffer): string =>
  `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names this tag (RFC 9110: weak comparison, `*` matches anything). */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(
    readonly changes: DataChanges,
    options: AnswerCacheOptions = {},
  ) {
    this.#maxEntries = options.maxEntries ?? 2_000;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The stored answer for this URL if none of its tables changed since; stale ones are dropped. */
  get(url: string): Entry | null {
    const entry = this.#entries.get(url);
    if (!entry) return null;
    if (
      !this.changes.live ||
      !this.changes.unchangedSince(entry.tables, entry.snapshot) ||
      (entry.until !== undefined && Date.now() >= entry.until)
    ) {
      this.#delete(url, entry);
      return null;
    }
    // Most recently used last: eviction takes from the front.
    this.#entries.delete(url);
    this.#entries.set(url, entry);
    return entry;
  }

  /** Stores an answer read while the tables stood at `snapshot`, unless they moved since. */
  set(url: string, entry: Entry): boolean {
    if (!this.changes.live || !this.changes.unchangedSince(entry.tables, entry.snapshot)) return false;
    const size = entry.body.length;
    if (size > this.#maxBytes / 8) return false;
    const previous = this.#entries.get(url);
    if (previous) this.#delete(url, previous);
    this.#entries.set(url, entry);
    this.#bytes += size;
    for (const [oldUrl, old] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#delete(oldUrl, old);
    }
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(url: string, entry: Entry): void {
    this.#entries.delete(url);
    this.#bytes -= entry.body.length;
  }
}

interface ReadState {
  snapshot: number[];
  fromCache: boolean;
  /** When the read began (Date.now()): a maxAgeMs counts from here. */
  at: number;
}

const states = new WeakMap<FastifyRequest, ReadState>();

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.header('etag', entry.etag).header('cache-control', entry.cacheControl);
  if (noneMatchHits(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}

/** Adds the cache's hooks to the API; routes opt in through their config. `count` hears each hit and miss (the metrics). */
export function registerAnswerCache(
  fastify: FastifyInstance,
  cache: AnswerCache,
  count: { answerCache(result: 'hit' | 'miss'): void } = { answerCache: () => undefined },
): void {
  fastify.addHook('onRequest', async (request, reply) => {
    const cachedRead = request.routeOptions.config.cachedRead;
    if (!cachedRead || request.method !== 'GET') return;
    const entry = cache.get(request.url);
    count.answerCache(entry ? 'hit' : 'miss');
    if (entry) {
      states.set(request, { snapshot: entry.snapshot, fromCache: true, at: 0 });
      return sendCached(request, reply, entry);
    }
    // Taken before anything is read: a change heard from here on keeps this answer out of the cache.
    states.set(request, {
      snapshot: cache.changes.snapshot(cachedRead.tables),
      fromCache: false,
      at: Date.now(),
    });
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    const cachedRead = request.routeOptions.config.cachedRead;
    if (!state || state.fromCache || !cachedRead || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = payload.toString();
    const etag = strongEtag(body);
    reply.header('etag', etag);
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (/\bpublic\b/.test(cacheControl)) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const until = cachedRead.maxAgeMs === undefined ? undefined : state.at + cachedRead.maxAgeMs;
      cache.set(request.url, {
        body,
        etag,
        contentType,
        cacheControl,
        tables: cachedRead.tables,
        snapshot: state.snapshot,
        until,
      });
    }
    if (noneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
