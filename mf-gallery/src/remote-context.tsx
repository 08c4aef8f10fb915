import { createContext, useContext, useEffect } from 'react';
import { noMatchError, type RemoteProps } from '@arttoy/shared/contracts';

/** The shell's props, for the few places that need them beyond the router (404s, links to other apps). */
export const RemoteContext = createContext<RemoteProps | null>(null);

export function useRemote(): RemoteProps {
  const remote = useContext(RemoteContext);
  if (!remote)
    throw new Error('useRemote: render inside GalleryApp (app.tsx), which provides the shell props.');
  return remote;
}

/**
 * Hands a missing style, series or figure to the shell, which shows its 404 page: the gallery has
 * no not-found page of its own, so every 404 of the site looks and reads the same.
 */
export function useReportNotFound(missing: boolean): void {
  const { onRemoteError, location } = useRemote();
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (missing) onRemoteError(noMatchError(fullPath));
  }, [missing, fullPath, onRemoteError]);
}
