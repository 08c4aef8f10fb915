import { useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Toast } from '@arttoy/shared/ui';
import { documentBuildChannel } from './latest-build';

/** Where the site server drops the preview cookie and sends the visitor back to `path` (deploy/src/variants/preview-route.ts). */
export function exitPreviewHref(path: string): string {
  return `/_preview/exit?path=${encodeURIComponent(path)}`;
}

/** The document's channel never changes while the page is open. */
const noChanges = () => () => {};

/**
 * Says, on every page of a preview link, that this is not what everyone sees, with the way back to
 * production on the same page. Read from the document once hydrated (the server's snapshot is
 * false), so the server's HTML and the hydrating render agree.
 */
export function PreviewNotice(): ReactNode {
  const preview = useSyncExternalStore(
    noChanges,
    () => documentBuildChannel() === 'preview',
    () => false,
  );
  const location = useLocation();
  if (!preview) return null;
  return (
    <Toast
      action={
        // A full load: the server drops the cookie and sends production's build.
        <a
          className="ui-button ui-button--secondary"
          href={exitPreviewHref(location.pathname + location.search)}
        >
          Exit preview
        </a>
      }
    >
      You are seeing a preview of the next version of ArtToy Club; other visitors see the current one.
    </Toast>
  );
}
