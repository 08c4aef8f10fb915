import { createContext, useCallback, useContext, useEffect } from 'react';
import { noMatchError, type RemoteProps } from '@arttoy/shared/contracts';

/** The shell's props inside a remote, provided by the remote's root (see createRemote). */
export const RemoteContext = createContext<RemoteProps | null>(null);

/** The shell's props, for what the remote's router does not cover: links to other apps, 404s. */
export function useRemote(): RemoteProps {
  const remote = useContext(RemoteContext);
  if (!remote)
    throw new Error(
      "useRemote: render inside the remote's root (createRemote's App), which provides the shell's props.",
    );
  return remote;
}

/**
 * Goes to any path of the site through the shell's navigator. A remote's own `navigate` and `<Link>`
 * resolve under its basename (`/rules/x` from the blog would become `/blog/rules/x`).
 */
export function useSiteNavigate(): (path: string) => void {
  const { navigator } = useRemote();
  return useCallback((path: string) => navigator.push(path), [navigator]);
}

/**
 * The one way a remote says "not found": it hands a missing page (no such style, box or document)
 * to the shell, which shows the site's one 404 page, so every 404 of the site looks and reads the
 * same; the site server answers such paths with HTTP 404 too.
 */
export function useReportNotFound(missing: boolean): void {
  const { onRemoteError, location } = useRemote();
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (missing) onRemoteError(noMatchError(fullPath));
  }, [missing, fullPath, onRemoteError]);
}
