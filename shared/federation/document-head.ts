/**
 * The document's head in the browser, from the heads pages declare (usePageHead). Pages of the
 * shell and of every remote (each its own React root) declare into this one list, a shared
 * singleton with page-data: the latest declaration still mounted that says something is the page's
 * (a page that arrives after a navigation, or the shell's error page over a remote), and with none
 * the page is the site's (its name alone as the title), so a navigation never keeps the previous
 * page's title. One component of a page says something at a time (a page's outer component says
 * null once an inner one has the whole head): children's effects run before their parents', so
 * two at once would not end as the server's render does, where the last rendered wins.
 * The head is written as the site server writes a served document's (deploy/src/page-head.ts).
 */
import { absoluteUrl, canonicalPath, documentDescription, documentTitle } from '../contracts/page-head';
import type { PageHead } from '../contracts/server-render';

interface Declaration {
  head: PageHead | null;
}

const declarations: Declaration[] = [];

function setContent(selector: string, content: string): void {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/** Writes `head` (null: the site's own) into the document: title, description, and the link-preview tags the server wrote (where it wrote them). */
export function writeDocumentHead(head: PageHead | null): void {
  const title = documentTitle(head);
  if (document.title !== title) document.title = title;
  const description = documentDescription(head);
  const descriptionElement = document.head.querySelector('meta[name="description"]');
  if (descriptionElement) descriptionElement.setAttribute('content', description);
  else {
    const element = document.createElement('meta');
    element.name = 'description';
    element.content = description;
    document.head.append(element);
  }
  // Link-preview tags exist only in documents the server wrote a page head into; kept in step there.
  const previewTitle = head?.title ?? title;
  setContent('meta[property="og:title"]', previewTitle);
  setContent('meta[name="twitter:title"]', previewTitle);
  setContent('meta[property="og:description"]', description);
  setContent('meta[name="twitter:description"]', description);
  setContent('meta[property="og:type"]', head?.type ?? 'website');
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) return;
  // The origin is the one the server wrote (SITE_ORIGIN), never the address bar's.
  const origin = new URL(canonical.href).origin;
  const url = `${origin}${canonicalPath(window.location)}`;
  canonical.href = url;
  setContent('meta[property="og:url"]', url);
  // The picture: the page's, or none (a previous page's must not stay), with the card that goes with it.
  const image = head?.image ? absoluteUrl(head.image, origin) : null;
  setPicture('property', 'og:image', image);
  setPicture('name', 'twitter:image', image);
  setContent('meta[name="twitter:card"]', image ? 'summary_large_image' : 'summary');
}

function setPicture(attribute: 'property' | 'name', key: string, url: string | null): void {
  const existing = document.head.querySelector(`meta[${attribute}="${key}"]`);
  if (!url) {
    existing?.remove();
    return;
  }
  if (existing) {
    existing.setAttribute('content', url);
    return;
  }
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  element.content = url;
  document.head.append(element);
}

function apply(): void {
  writeDocumentHead(declarations.findLast((declaration) => declaration.head !== null)?.head ?? null);
}

/**
 * Declares a page's head until `remove` (a mounted page), null (nothing to say) until `set`, which
 * changes it in place (a page whose title arrives keeps its place: the error page over a remote stays on top).
 */
export function declareDocumentHead(): { set: (head: PageHead | null) => void; remove: () => void } {
  const declaration: Declaration = { head: null };
  declarations.push(declaration);
  return {
    set: (head) => {
      declaration.head = head;
      apply();
    },
    remove: () => {
      const index = declarations.indexOf(declaration);
      if (index === -1) return;
      declarations.splice(index, 1);
      apply();
    },
  };
}
