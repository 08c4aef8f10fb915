import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatPrice } from '@arttoy/shared/contracts';
import { ORDER_RESERVATION_MINUTES, SECRET_REVEAL_PULLS } from '@arttoy/shared/contracts/api';
import { clientSeedProblem } from '@arttoy/shared/fair';
import { HttpError } from '@arttoy/shared/http';
import { useAuthStore } from '@arttoy/shared/stores';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { usePageQuery } from '@arttoy/shared/query';
import { fairnessRead, lockerRead } from '../api/account';
import { boxRead } from '../api/catalogue';
import { FairnessPanel } from '../components/fairness-panel';
import { FigureArt } from '../components/figure-art';
import { OddsGrid } from '../components/odds-grid';
import { oddsSummary, stockLabel } from '../components/odds-summary';
import { ErrorNotice, loginHref } from '../components/states';
import { OpenHold, useOpenHold } from '../components/open-hold';
import { useBuy } from '../components/use-buy';
import { ChanceRefusal, isChanceRefusal } from '../components/chance-refusal';
import { SessionReminder } from '../components/session-reminder';
import { boxProduct } from '@arttoy/shared/seo';
import { useReportNotFound as useNotFound } from '@arttoy/shared/federation/remote';

/** /mysterybox/{model_id}: the box, every figure and its odds, the buyer's seeds, and the buy button. */
export function BoxPage() {
  const id = Number(useParams().model_id);
  const location = useLocation();
  const navigate = useNavigate();
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const signedIn = uid !== null;
  const authLoading = useAuthStore((state) => state.loading);
  const box = usePageQuery(boxRead(id));
  const fairness = usePageQuery(uid === null ? null : fairnessRead(uid));
  // A hidden secret shows, from the visitor's own locker, once they own one; signed out, or while
  // the locker loads or fails, it stays the API's hidden form.
  const locker = usePageQuery(uid === null ? null : lockerRead(uid));
  const lockerItems = locker.status === 'success' ? locker.data.items : null;
  const owned = useMemo(
    () => new Map(lockerItems?.map((item) => [item.figure.id, item.figure])),
    [lockerItems],
  );
  // The seed on record until the buyer edits it; null while it is not known (loading, or its read
  // failed): an order then keeps the seed on record instead of sending an empty one.
  const [editedSeed, setClientSeed] = useState<string | null>(null);
  const clientSeed = editedSeed ?? (fairness.status === 'success' ? fairness.data.clientSeed : null);
  const { state: buying, buy } = useBuy(id);
  const { hold, refresh: refreshHold } = useOpenHold(uid, id);
  const missing = box.status === 'error' && box.error instanceof HttpError && box.error.status === 404;
  useNotFound(missing);
  usePageHead(
    box.status === 'success'
      ? {
          title: box.data.name,
          description: box.data.description,
          image: box.data.artUrl,
          type: 'product',
          structuredData: [boxProduct(box.data, box.data.artUrl)],
        }
      : { title: 'Mystery box' },
  );

  if (missing) return null;
  if (box.status === 'error') {
    return (
      <article className="mb-page" data-route="mysterybox-model_id" data-owner="mf_mysterybox">
        <h1>Mystery box</h1>
        <ErrorNotice title="This box could not be loaded." error={box.error} onRetry={box.retry} />
      </article>
    );
  }
  if (box.status !== 'success') return <Skeleton lines={6} label="Loading the box" />;
  const data = box.data;
  const soldOut = data.stock === 0 || (buying.status === 'error' && buying.soldOut);
  const seedProblem = signedIn && clientSeed !== null ? clientSeedProblem(clientSeed) : null;
  const onBuy = () => {
    if (!signedIn) void navigate(loginHref(location));
    else void buy(clientSeed ?? undefined);
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
          <FigureArt src={data.artUrl} alt={`${data.name} packaging`} size={240} eager />
          <h2 id="mb-buy-title" className="mb-price mb-price--large">
            {formatPrice(data.price)}
          </h2>
          <p className={soldOut ? 'mb-stock mb-stock--out' : 'mb-stock'}>
            {stockLabel(soldOut ? 0 : data.stock)}
          </p>
          <p className="mb-muted">{oddsSummary(data)}</p>
          <p>Quantity: 1 box per order</p>
          {hold ? (
            <OpenHold hold={hold} onChanged={refreshHold} />
          ) : soldOut ? (
            <p className="mb-notice" role="status">
              This box is sold out. Every figure it held has found a home; other boxes are on the{' '}
              <Link to="/mysterybox">boxes page</Link>.
            </p>
          ) : (
            <Button
              onClick={onBuy}
              disabled={authLoading || buying.status === 'busy' || seedProblem !== null}
              aria-describedby="mb-buy-note"
            >
              {buying.status === 'busy'
                ? 'Reserving your box…'
                : signedIn || authLoading
                  ? 'Buy now'
                  : 'Log in to buy'}
            </Button>
          )}
          <p id="mb-buy-note" className="mb-muted" hidden={hold !== null}>
            {seedProblem
              ? 'Fix your client seed to buy.'
              : `Your box is held for ${ORDER_RESERVATION_MINUTES} minutes while you pay.`}
          </p>
          {buying.status === 'error' && isChanceRefusal(buying.error) ? (
            <ChanceRefusal error={buying.error} />
          ) : buying.status === 'error' && !buying.soldOut ? (
            <ErrorNotice title="Your box could not be reserved." error={buying.error} />
          ) : null}
          <SessionReminder uid={uid} />
        </section>
        <FairnessPanel
          fairness={fairness}
          signedIn={signedIn}
          clientSeed={clientSeed ?? ''}
          onClientSeed={setClientSeed}
        />
      </div>
      <h2>What is inside</h2>
      <p className="mb-muted">
        Probabilities are published per figure, rounded so they add up to exactly 100%; the exact odds are
        beside each. A figure that has run out is left out of the draw, and the others share its chance. A
        secret figure stays hidden until you pull one, or until it has been pulled {SECRET_REVEAL_PULLS}{' '}
        times.
      </p>
      <OddsGrid odds={data.odds} owned={owned} />
    </article>
  );
}
