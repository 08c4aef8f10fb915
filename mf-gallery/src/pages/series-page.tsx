import { useParams } from 'react-router';
import { SeriesView } from './series-view';

/** /gallery/series/{style}: the parameter names a series (the spec's name for it is `style`). */
export function SeriesPage() {
  const slug = useParams().style ?? '';
  return (
    <article className="gallery-page" data-route="gallery-series-style" data-owner="mf_gallery">
      <SeriesView key={slug} slug={slug} />
    </article>
  );
}
