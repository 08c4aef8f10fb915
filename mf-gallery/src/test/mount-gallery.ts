import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { clearPageReads } from '@arttoy/shared/query';
import { serveCatalogue, type FakeCatalogue } from './fake-catalogue';

/** Mounts the gallery's ./app at `path` through the remote contract, against the fake catalogue. */
export function mountGallery(path: string): ReturnType<typeof mountRemote> & { api: FakeCatalogue } {
  clearPageReads();
  const api = serveCatalogue();
  return { ...mountRemote({ name: 'mf_gallery', app, path }), api };
}

/** The outlet of `mountRemote` shows a remote's reported error as "mf_gallery failed: <message>". */
export const remoteFailure = (message: string) => `mf_gallery failed: ${message}`;
