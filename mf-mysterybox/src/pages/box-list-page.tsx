import { Link } from 'react-router';
import { formatPrice } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { usePageQuery } from '@arttoy/shared/query';
import { boxesRead } from '../api/catalogue';
import { FigureArt } from '../components/figure-art';
import { oddsSummary, stockLabel } from '../components/odds-summary';
import { ErrorNotice } from '../components/states';

/** /mysterybox: every box on sale with its series, price, stock and odds in one line. */
export function BoxListPage() {
  usePageHead({ title: 'Mystery boxes' });
  const state = usePageQuery(boxesRead);
  return (
    <article className="mb-page" data-route="mysterybox" data-owner="mf_mysterybox">
      <h1>Mystery boxes</h1>
      <p className="mb-lead">
        Each box holds one figure of its series, drawn at random with the published odds. Every draw can be
        checked on the <Link to="/mysterybox/test">fairness page</Link>.
      </p>
      {state.status === 'error' ? (
        <ErrorNotice title="The boxes could not be loaded." error={state.error} onRetry={state.retry} />
      ) : null}
      {state.status === 'pending' ? <Skeleton variant="cards" lines={6} label="Loading the boxes" /> : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <div className="mb-notice">
          <p>
            No boxes are on sale right now. New series arrive often: browse the{' '}
            <Link to="/gallery">gallery</Link> in the meantime.
          </p>
        </div>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? (
        <ul className="mb-cards" aria-label="Boxes on sale">
          {state.data.map((box) => {
            return (
              <li key={box.id} className="mb-card">
                <FigureArt src={box.artUrl} alt={`${box.name} packaging`} size={240} />
                <h2 className="mb-card__title">
                  <Link to={`/mysterybox/${box.id}`}>{box.name}</Link>
                </h2>
                <p className="mb-card__series">{box.series.name}</p>
                <p className="mb-card__meta">
                  <span className="mb-price">{formatPrice(box.price)}</span>
                  <span className={box.stock === 0 ? 'mb-stock mb-stock--out' : 'mb-stock'}>
                    {stockLabel(box.stock)}
                  </span>
                </p>
                <p className="mb-card__odds">{oddsSummary(box)}</p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </article>
  );
}
