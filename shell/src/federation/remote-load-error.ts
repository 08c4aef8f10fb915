/** A remote's code could not be loaded (as opposed to an error while it runs): the reload guard's case. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/**
 * True for a failed load of code: the shell's RemoteLoadError, or a chunk a running remote asked
 * for (webpack's ChunkLoadError, also for CSS chunks) that did not arrive.
 */
export function isCodeLoadError(error: unknown): boolean {
  if (error instanceof RemoteLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /^Loading (?:CSS )?chunk \S+ failed/.test(error.message);
}
