/** A remote's code could not be loaded (as opposed to an error while it runs): the reload guard's case. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}
