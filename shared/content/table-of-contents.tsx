import type { ReactNode } from 'react';
import type { ContentHeading } from '@arttoy/shared/contracts/api';

function Entries({ toc }: { toc: readonly ContentHeading[] }): ReactNode {
  return (
    <ol className="content-toc__list">
      {toc.map((heading) => (
        <li key={heading.id} className={`content-toc__item content-toc__item--${heading.depth}`}>
          <a href={`#${heading.id}`}>{heading.text}</a>
        </li>
      ))}
    </ol>
  );
}

/**
 * A document's table of contents: a sticky list beside the text on wide screens, a collapsed
 * "On this page" section above it on phones. Only one of the two is displayed at a time.
 */
export function TableOfContents({ toc }: { toc: readonly ContentHeading[] }): ReactNode {
  if (toc.length === 0) return null;
  return (
    <>
      <nav className="content-toc content-toc--wide" aria-label="On this page">
        <h2 className="content-toc__title">On this page</h2>
        <Entries toc={toc} />
      </nav>
      <details className="content-toc content-toc--narrow">
        <summary className="content-toc__title">On this page</summary>
        <nav aria-label="On this page">
          <Entries toc={toc} />
        </nav>
      </details>
    </>
  );
}
