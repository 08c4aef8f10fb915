/**
 * Where the origin lives: a local folder (`.origin/`, the zero-config default) or a bucket of an
 * object store, with the same keys. Keys are origin paths without the leading slash:
 * `mf-gallery/<version>/remoteEntry.js`, `builds/meta/<buildId>.json`, `builds/latest.json`.
 *
 * Two kinds of write, and nothing else:
 * - version files and build manifests are immutable: written once (`putIfAbsent`), never changed;
 * - pointers (`builds/latest.json`, `builds/env/<name>.json`) change only by compare-and-swap on
 *   their etag (`putIfMatch`), so two writers can never silently undo each other.
 */

export interface StoredObject {
  bytes: Buffer;
  /** Changes whenever the object's bytes change (a hash of them, or the store's own ETag). */
  etag: string;
}

/** A conditional write found another version than the one it was told to replace. */
export class PreconditionFailed extends Error {
  constructor(
    readonly key: string,
    /** The etag found, or null when the object was absent. */
    readonly found: string | null,
  ) {
    super(`${key} changed since it was read (found ${found ?? 'nothing'})`);
    this.name = 'PreconditionFailed';
  }
}

export interface OriginStore {
  /** Says where the origin is, for messages ("folder /srv/origin", "Azure container origin at …"). */
  readonly description: string;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Writes an immutable object; returns false (and writes nothing) when the key already has one. */
  putIfAbsent(key: string, bytes: Buffer, contentType?: string): Promise<boolean>;
  /**
   * Replaces the object only when its etag is `ifMatch` (null: only when there is none yet);
   * rejects with PreconditionFailed otherwise. Resolves with the new etag.
   */
  putIfMatch(key: string, bytes: Buffer, ifMatch: string | null, contentType?: string): Promise<string>;
  /** Every key under a prefix (`builds/meta/`), sorted. */
  list(prefix: string): Promise<string[]>;
}
