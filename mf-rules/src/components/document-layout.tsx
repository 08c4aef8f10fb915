import type { ReactNode } from 'react';
import type { ContentDocument } from '@arttoy/shared/contracts/api';
import { formatContentDate, PreviewBanner, TableOfContents } from '@arttoy/shared/content';
import { DocumentBody } from './document-body';

/**
 * A rules or help document: its table of contents beside it (above it on a phone), the title,
 * the last-updated date, and the body (with the fee table where it names it).
 */
export function DocumentLayout({
  document,
  children,
}: {
  document: ContentDocument;
  children?: ReactNode;
}): ReactNode {
  return (
    <div className="rules-layout">
      <aside className="rules-layout__aside">
        <TableOfContents toc={document.toc} />
      </aside>
      <article className="rules-layout__article" aria-labelledby="rules-title">
        {document.draft ? <PreviewBanner /> : null}
        <header className="rules-header">
          <h1 id="rules-title" className="content-title">
            {document.title}
          </h1>
          <p className="content-meta">
            <span>
              Last updated <time dateTime={document.updated}>{formatContentDate(document.updated)}</time>
            </span>
          </p>
        </header>
        {children}
        <DocumentBody html={document.html} />
      </article>
    </div>
  );
}
