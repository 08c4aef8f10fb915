/**
 * The origin in an Azure Blob Storage container, as an OriginStore (Azurite, the emulator the
 * tests run against, speaks the same API). Blob names are the origin's keys.
 *
 * The two kinds of write map onto Put Blob's conditions, which the service checks atomically:
 * - `putIfAbsent`: `If-None-Match: *` (an existing blob answers 409 BlobAlreadyExists);
 * - `putIfMatch`: `If-Match: <etag>` (another etag answers 412 ConditionNotMet), or
 *   `If-None-Match: *` when the caller expects no blob yet.
 * The etag a caller compares is the blob's own ETag, as `get` returned it.
 */
import type { Readable } from 'node:stream';
import {
  type BlobServiceClient,
  type BlockBlobClient,
  type ContainerClient,
  RestError,
} from '@azure/storage-blob';
import { objectHeaders } from './content-type';
import { type OriginStore, PreconditionFailed, type StoredObject } from './store';

/** Origin paths without the leading slash: plain names, no `.`/`..` segments, no empty ones. */
const KEY = /^(?!\.)[A-Za-z0-9._@+-]+(\/(?!\.)[A-Za-z0-9._@+-]+)*$/;

const statusOf = (error: unknown): number | undefined =>
  error instanceof RestError ? error.statusCode : undefined;

async function readAll(stream: NodeJS.ReadableStream | Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export class AzureBlobOriginStore implements OriginStore {
  readonly description: string;
  private readonly container: ContainerClient;
  private containerReady: Promise<unknown> | null = null;

  constructor(
    service: BlobServiceClient,
    readonly containerName: string,
  ) {
    this.container = service.getContainerClient(containerName);
    this.description = `Azure Blob container ${containerName} at ${service.url}`;
  }

  private blob(key: string): BlockBlobClient {
    if (!KEY.test(key) || key.split('/').includes('..'))
      throw new Error(`Origin key "${key}" is not a relative path of plain names.`);
    return this.container.getBlockBlobClient(key);
  }

  /**
   * The container is made on the first write (private: the site server or a CDN with its own
   * credentials serves the files). A failure is not kept, so the next write tries again.
   */
  private ensureContainer(): Promise<unknown> {
    this.containerReady ??= this.container.createIfNotExists().catch((error: unknown) => {
      this.containerReady = null;
      throw error;
    });
    return this.containerReady;
  }

  async get(key: string): Promise<StoredObject | null> {
    const blob = this.blob(key);
    try {
      // One GET: the etag answered is the one of the bytes answered.
      const response = await blob.download();
      if (!response.readableStreamBody || !response.etag)
        throw new Error(`${this.description}: ${key} came back without a body or an ETag.`);
      return { bytes: await readAll(response.readableStreamBody), etag: response.etag };
    } catch (error) {
      // BlobNotFound, or ContainerNotFound before the first write.
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async putIfAbsent(key: string, bytes: Buffer, contentType?: string): Promise<boolean> {
    const blob = this.blob(key);
    await this.ensureContainer();
    try {
      await blob.uploadData(bytes, this.uploadOptions(key, contentType, { ifNoneMatch: '*' }));
      return true;
    } catch (error) {
      const status = statusOf(error);
      if (status === 409 || status === 412) return false;
      throw error;
    }
  }

  async putIfMatch(
    key: string,
    bytes: Buffer,
    ifMatch: string | null,
    contentType?: string,
  ): Promise<string> {
    const blob = this.blob(key);
    await this.ensureContainer();
    const conditions = ifMatch === null ? { ifNoneMatch: '*' } : { ifMatch };
    try {
      const response = await blob.uploadData(bytes, this.uploadOptions(key, contentType, conditions));
      if (!response.etag) throw new Error(`${this.description}: writing ${key} answered no ETag.`);
      return response.etag;
    } catch (error) {
      const status = statusOf(error);
      if (status !== 409 && status !== 412) throw error;
      // For the message and the caller's retry: what is there now (it may have changed again).
      const found = await blob.getProperties().then(
        (properties) => properties.etag ?? null,
        (failure: unknown) => {
          if (statusOf(failure) === 404) return null;
          throw failure;
        },
      );
      throw new PreconditionFailed(key, found);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    try {
      for await (const item of this.container.listBlobsFlat({ prefix })) keys.push(item.name);
    } catch (error) {
      if (statusOf(error) === 404) return [];
      throw error;
    }
    return keys.toSorted();
  }

  private uploadOptions(
    key: string,
    contentType: string | undefined,
    conditions: { ifMatch?: string; ifNoneMatch?: string },
  ) {
    const headers = objectHeaders(key);
    return {
      conditions,
      blobHTTPHeaders: {
        blobContentType: contentType ?? headers.contentType,
        blobContentEncoding: headers.contentEncoding,
        // Version files never change; manifests and pointers must be asked for again.
        blobCacheControl: key.startsWith('builds/')
          ? 'no-cache'
          : key.startsWith('deploys/')
            ? 'no-store'
            : 'public, max-age=31536000, immutable',
      },
      // One request for any object the origin holds: Put Blob is atomic only in one piece.
      maxSingleShotSize: 256 * 1024 * 1024,
    };
  }
}
