import type { ReactNode } from 'react';
import type { ContentDocument } from '@arttoy/shared/contracts/api';
import { ContentBody, fillContactDetails, formatContentDate, PreviewBanner, TableOfContents, useSiteNavigate } from '@arttoy/shared/content';
import { runtimeConfig } from '@arttoy/shared/config';

/**
 * A rules or help document: its table of contents beside it (above it on a phone), the title,
 * the last-updated date, and the body with the contact details of this deployment filled in.
 */
export function DocumentLayout({ document, children }: { document: ContentDocument; children?: ReactNode }): ReactNode {
  const navigate = useSiteNavigate();
  return (
    <div className="rules-layout">
      <aside className="rules-layout__aside">
        <TableOfContents toc={document.toc} />
      </aside>
      <article className="rules-layout__article" aria-labelledby="rules-title">
        {document.draft ? <PreviewBanner /> : null}
        <header className="rules-header">
          <h1 id="rules-title" className="content-title">{document.title}</h1>
          <p className="content-meta">
            <span>
              Last updated <time dateTime={document.updated}>{formatContentDate(document.updated)}</time>
            </span>
          </p>
        </header>
        {children}
        <ContentBody html={fillContactDetails(document.html, runtimeConfig().contact)} onNavigate={navigate} />
      </article>
    </div>
  );
}
