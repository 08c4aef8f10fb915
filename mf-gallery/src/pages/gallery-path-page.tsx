import { useParams } from 'react-router';
import { HttpError } from '@arttoy/shared/http';
import { Skeleton } from '@arttoy/shared/ui';
import { figureDetail, seriesDetail, useRead } from '../api/catalogue';
import { LoadError } from '../components/load-state';
import { useReportNotFound } from '../remote-context';
import { PAGE_TITLES } from '../titles';
import { FigureView } from './figure-view';
import { SeriesView } from './series-view';

const isMissing = (state: { status: string; error?: Error }) => state.status === 'error' && state.error instanceof HttpError && state.error.status === 404;

/**
 * /gallery/{path}: a figure or a series by its slug (figures first: their slugs start with their
 * series' slug, so the two never collide), else the shell's 404. Both reads start at once; the
 * views below reuse them from the cache.
 */
export function GalleryPathPage() {
  const slug = useParams().path ?? '';
  const figure = useRead(figureDetail(slug));
  const series = useRead(seriesDetail(slug));
  useReportNotFound(isMissing(figure) && isMissing(series));
  let content;
  if (figure.status === 'success') content = <FigureView key={slug} slug={slug} />;
  else if (figure.status === 'pending' || (isMissing(figure) && series.status === 'pending')) content = <Skeleton lines={4} label="Loading" />;
  else if (isMissing(figure) && series.status === 'success') content = <SeriesView key={slug} slug={slug} />;
  else if (isMissing(figure) && isMissing(series)) content = null;
  else {
    const failed = figure.status === 'error' && !isMissing(figure) ? figure : series;
    const retry = () => {
      figure.retry();
      series.retry();
    };
    content = (
      <>
        <h1>{PAGE_TITLES['gallery-path']}</h1>
        {failed.status === 'error' ? <LoadError what="This page" error={failed.error} onRetry={retry} /> : null}
      </>
    );
  }
  return (
    <article className="gallery-page" data-route="gallery-path" data-owner="mf_gallery">
      {content}
    </article>
  );
}
