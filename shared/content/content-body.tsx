import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { runtimeConfig } from '@arttoy/shared/config';
import { fillContactDetails } from './contact-details';

/** A click on a link to another page of this site, made by the visitor without modifier keys. */
function sitePathOf(event: MouseEvent<HTMLElement>): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const anchor = (event.target as Element).closest?.('a[href]');
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // An anchor on this page: the browser scrolls to it.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash)
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ContentBodyProps {
  /**
   * The document's HTML, already sanitised by the content pipeline (no scripts, handlers or frames).
   * Its contact placeholders are filled here from the runtime config.
   */
  html: string;
  /** Goes to a path of this site through the shell's one router (links in the text stay in the page). */
  onNavigate: (path: string) => void;
}

/**
 * A document's body, styled for reading, with this deployment's contact details; links to the
 * site's own pages navigate without a reload.
 */
export function ContentBody({ html, onNavigate }: ContentBodyProps): ReactNode {
  const filled = useMemo(() => fillContactDetails(html, runtimeConfig().contact), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const path = sitePathOf(event);
    if (path === null) return;
    event.preventDefault();
    onNavigate(path);
  };
  // The HTML comes from our own build step, which sanitises it. The click handler only catches clicks
  // bubbling from the links inside (which the keyboard activates too); the wrapper itself is not interactive.
  // oxlint-disable-next-line react/no-danger, jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className="content-prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: filled }} />;
}
