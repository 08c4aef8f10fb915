import { useParams } from 'react-router';
import { FigureView } from './figure-view';

/** /gallery/style/detail/{detail}: one figure. */
export function FigurePage() {
  const slug = useParams().detail ?? '';
  return (
    <article className="gallery-page" data-route="gallery-style-detail-detail" data-owner="mf_gallery">
      <FigureView key={slug} slug={slug} />
    </article>
  );
}
