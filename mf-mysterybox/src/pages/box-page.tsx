import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ORDER_RESERVATION_MINUTES } from '@arttoy/shared/contracts/api';
import { clientSeedProblem } from '@arttoy/shared/fair';
import { HttpError } from '@arttoy/shared/http';
import { selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { getFairness } from '../api/account';
import { getBox } from '../api/catalogue';
import { useResource } from '../api/use-resource';
import { FairnessPanel } from '../components/fairness-panel';
import { formatPrice } from '../components/format';
import { OddsGrid } from '../components/odds-grid';
import { oddsSummary, stockLabel } from '../components/odds-summary';
import { ErrorNotice, loginHref } from '../components/states';
import { useBuy } from '../components/use-buy';
import { usePageTitle } from '../components/use-page-title';
import { useNotFound } from '../remote-context';

/** /mysterybox/{model_id}: the box, every figure and its odds, the buyer's seeds, and the buy button. */
export function BoxPage() {
  const id = Number(useParams().model_id);
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAuthStore(selectIsLoggedIn);
  const authLoading = useAuthStore((state) => state.loading);
  const box = useResource(`box-${id}`, (signal) => getBox(id, signal));
  const fairness = useResource(signedIn ? 'fairness' : null, getFairness);
  // The seed on record until the buyer edits it.
  const [editedSeed, setClientSeed] = useState<string | null>(null);
  const clientSeed = editedSeed ?? (fairness.state.status === 'ready' ? fairness.state.data.clientSeed : '');
  const { state: buying, buy } = useBuy(id);
  const missing = box.state.status === 'error' && box.state.error instanceof HttpError && box.state.error.status === 404;
  useNotFound(missing);
  usePageTitle(box.state.status === 'ready' ? box.state.data.name : null);

  if (missing) return null;
  if (box.state.status === 'error') {
    return (
      <article className="mb-page" data-route="mysterybox-model_id" data-owner="mf_mysterybox">
        <h1>Mystery box</h1>
        <ErrorNotice title="This box could not be loaded." error={box.state.error} onRetry={box.reload} />
      </article>
    );
  }
  if (box.state.status !== 'ready') return <Skeleton lines={6} label="Loading the box" />;
  const data = box.state.data;
  const soldOut = data.stock === 0 || (buying.status === 'error' && buying.soldOut);
  const seedProblem = signedIn && fairness.state.status === 'ready' ? clientSeedProblem(clientSeed) : null;
  const onBuy = () => {
    if (!signedIn) void navigate(loginHref(location));
    else void buy(clientSeed);
  };
  return (
    <article className="mb-page" data-route="mysterybox-model_id" data-owner="mf_mysterybox">
      <p className="mb-crumbs">
        <Link to="/mysterybox">Mystery boxes</Link> / {data.series.name}
      </p>
      <h1>{data.name}</h1>
      <p className="mb-lead">{data.description}</p>
      <div className="mb-box">
        <section className="mb-panel mb-buy" aria-labelledby="mb-buy-title">
          <h2 id="mb-buy-title" className="mb-price mb-price--large">
            {formatPrice(data.price)}
          </h2>
          <p className={soldOut ? 'mb-stock mb-stock--out' : 'mb-stock'}>{stockLabel(soldOut ? 0 : data.stock)}</p>
          <p className="mb-muted">{oddsSummary(data)}</p>
          <p>Quantity: 1 box per order</p>
          {soldOut ? (
            <p className="mb-notice" role="status">
              This box is sold out. Every figure it held has found a home; other boxes are on the <Link to="/mysterybox">boxes page</Link>.
            </p>
          ) : (
            <Button onClick={onBuy} disabled={authLoading || buying.status === 'busy' || seedProblem !== null} aria-describedby="mb-buy-note">
              {buying.status === 'busy' ? 'Reserving your box…' : signedIn || authLoading ? 'Buy now' : 'Log in to buy'}
            </Button>
          )}
          <p id="mb-buy-note" className="mb-muted">
            {seedProblem ? 'Fix your client seed to buy.' : `Your box is held for ${ORDER_RESERVATION_MINUTES} minutes while you pay.`}
          </p>
          {buying.status === 'error' && !buying.soldOut ? <ErrorNotice title="Your box could not be reserved." error={buying.error} /> : null}
        </section>
        <FairnessPanel fairness={fairness.state} signedIn={signedIn} clientSeed={clientSeed} onClientSeed={setClientSeed} />
      </div>
      <h2>What is inside</h2>
      <p className="mb-muted">Probabilities are published per figure and always add up to 100%. A figure that has run out is left out of the draw, and the others share its chance.</p>
      <OddsGrid odds={data.odds} />
    </article>
  );
}
