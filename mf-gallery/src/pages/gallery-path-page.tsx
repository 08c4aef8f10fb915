import { useParams } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { HttpError } from '@arttoy/shared/http';
import { Skeleton } from '@arttoy/shared/ui';
import { galleryPath } from '../api/catalogue';
import { LoadError } from '../components/load-state';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { PAGE_TITLES } from '../titles';
import { FigureView } from './figure-view';
import { SeriesView } from './series-view';
import { usePageQuery } from '@arttoy/shared/query';

/**
 * /gallery/{path}: a figure or a series by its slug, else the shell's 404. One read says which
 * (asking for both, one of them answered 404 on every valid page); the view then reads its own.
 */
export function GalleryPathPage() {
  const slug = useParams().path ?? '';
  const path = usePageQuery(galleryPath(slug));
  const missing = path.status === 'error' && path.error instanceof HttpError && path.error.status === 404;
  useReportNotFound(missing);
  // Once the path is known, the figure's or the series' view says what the page is.
  usePageHead(path.status === 'success' ? null : { title: PAGE_TITLES['gallery-path'] });
  let content;
  if (path.status === 'pending') content = <Skeleton lines={4} label="Loading" />;
  else if (path.status === 'success')
    content =
      path.data.kind === 'figure' ? (
        <FigureView key={slug} slug={slug} />
      ) : (
        <SeriesView key={slug} slug={slug} />
      );
  else if (missing) content = null;
  else {
    content = (
      <>
        <h1>{PAGE_TITLES['gallery-path']}</h1>
        <LoadError what="This page" error={path.error} onRetry={path.retry} />
      </>
    );
  }
  return (
    <article className="gallery-page" data-route="gallery-path" data-owner="mf_gallery">
      {content}
    </article>
  );
}
