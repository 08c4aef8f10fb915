import { createContext } from 'react';
import type { PageError, RemoteName } from '@arttoy/shared/contracts';

/**
 * The remote page the server rendered into this document: on the server, the HTML to place in
 * the remote's outlet; in the browser, the same HTML read back from the document before hydration,
 * so the outlet's first render matches the server's and the remote hydrates it in place.
 */
export interface ServerRenderedRemote {
  name: RemoteName;
  html: string;
}

export const ServerRemoteContext = createContext<ServerRenderedRemote | null>(null);

/** Marks the element holding a remote's page inside its outlet (read back before hydration). */
export const REMOTE_PAGE_ATTRIBUTE = 'data-remote-page';

/**
 * The error page the document was served as (a 404 or a 500 the site server answered), for the
 * first page only: its route shows that page instead of its owner's, on the server and in the
 * browser's hydrating render alike, so nothing flashes; the first navigation ends it.
 */
export const ServedErrorContext = createContext<PageError | null>(null);
