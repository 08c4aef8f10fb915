import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate, noMatchError } from '@arttoy/shared/contracts';
import {
  ContentBody,
  LoadError,
  PreviewBanner,
  previewRequested,
  useContentDocument,
} from '@arttoy/shared/content';
import { Skeleton } from '@arttoy/shared/ui';
import './content-page.css';

/** A content page of the shell: the document at the URL's path (a trailing slash is the same page). */
export default function ContentPageView(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const preview = previewRequested(location.search);
  const state = useContentDocument(path, preview);
  // The router's error element shows the 404 page, as for a path no route matches (spec §8).
  if (state.status === 'error' && state.notFound)
    throw noMatchError(`${location.pathname}${location.search}`);
  return (
    <div className="content-page" data-route="slug" data-owner="shell" aria-busy={state.status === 'pending'}>
      {state.status === 'pending' ? <Skeleton lines={6} label="Loading this page" /> : null}
      {state.status === 'error' ? <LoadError what="This page" onRetry={state.retry} /> : null}
      {state.status === 'success' ? (
        <article aria-labelledby="content-page-title">
          {state.data.document.draft ? <PreviewBanner /> : null}
          <header className="content-page__header">
            <h1 id="content-page-title" className="content-title">
              {state.data.document.title}
            </h1>
            {state.data.document.description ? (
              <p className="content-page__lede">{state.data.document.description}</p>
            ) : null}
            <p className="content-meta">
              <span>
                Last updated{' '}
                <time dateTime={state.data.document.updated}>{formatDate(state.data.document.updated)}</time>
              </span>
            </p>
          </header>
          <ContentBody html={state.data.document.html} onNavigate={(to) => void navigate(to)} />
        </article>
      ) : null}
    </div>
  );
}
