import { Link } from 'react-router';
import { formatPrice, formatShortDate, formatCount } from '@arttoy/shared/contracts';
import type { ItemHistory } from '@arttoy/shared/contracts/api';

const byHandle = (handle: string | null) => (handle ? `@${handle}` : 'a collector');

/** The draw that pulled the item, with what anyone needs to check it again. */
function Pull({ pull }: { pull: NonNullable<ItemHistory['pull']> }) {
  return (
    <>
      <p>
        Pulled from <strong>{pull.boxName}</strong> on {formatShortDate(pull.pulledAt)} by{' '}
        {byHandle(pull.handle)}.
      </p>
      <dl className="market-proof">
        <dt>Server seed hash</dt>
        <dd>
          <code>{pull.serverSeedHash}</code>
        </dd>
        <dt>Server seed</dt>
        <dd>{pull.serverSeed ? <code>{pull.serverSeed}</code> : 'Revealed once the seed is rotated'}</dd>
        <dt>Client seed</dt>
        <dd>
          <code>{pull.clientSeed}</code>
        </dd>
        <dt>Nonce</dt>
        <dd>{pull.nonce}</dd>
        <dt>Roll</dt>
        <dd>{formatCount(pull.rollPpm)} ppm</dd>
      </dl>
      <Link to={`/mysterybox/test?draw=${encodeURIComponent(pull.drawPublicId)}`}>Check this draw</Link>
    </>
  );
}

/** Where an item came from: its pull, then each sale of it, oldest first, sellers and buyers by handle only. */
export function HistoryView({ history }: { history: ItemHistory }) {
  return (
    <div className="market-history__body">
      <h3>Pull</h3>
      {history.pull ? <Pull pull={history.pull} /> : <p>Not pulled from a box on this site.</p>}
      <h3>Sales</h3>
      {history.transfers.length === 0 ? (
        <p>Never sold.</p>
      ) : (
        <ol className="market-sales" aria-label={`Sales of ${history.figure.name}`}>
          {history.transfers.map((sale) => (
            <li key={`${sale.soldAt}-${sale.toHandle ?? ''}`}>
              {byHandle(sale.fromHandle)} → {byHandle(sale.toHandle)} · {formatPrice(sale.price)} ·{' '}
              {formatShortDate(sale.soldAt)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
