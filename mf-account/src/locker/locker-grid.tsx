import { formatShortDate } from '@arttoy/shared/contracts';
import { Link } from 'react-router';
import type { LockerItem, MyListing } from '@arttoy/shared/contracts/api';
import { ItemHistory } from './item-history';
import { ItemMarket } from './item-market';
import { ITEM_STATUS } from './labels';

/**
 * The visitor's figures: art, series, status, the draw that produced each, and a box to pick it
 * for shipping (only an item in the locker: a listed one is not shippable); each card's place
 * in the market (`listings` by id give a listed item's price) and its history.
 */
export function LockerGrid(props: {
  items: readonly LockerItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  listings: ReadonlyMap<number, MyListing>;
  onMarketChanged: (notice: string | null) => void;
}) {
  const { items, selected, onToggle, listings, onMarketChanged } = props;
  return (
    <ul className="locker-grid" aria-label="Your figures">
      {items.map((item) => (
        <li key={item.id} className="locker-item" data-status={item.status}>
          <img
            className="locker-item__art"
            src={item.figure.artUrl}
            alt={`${item.figure.name}, figure ${item.figure.number} of ${item.series.name}`}
            width={200}
            height={200}
            loading="lazy"
            decoding="async"
          />
          <h2 className="locker-item__name">{item.figure.name}</h2>
          <p className="locker-item__series">
            {item.series.name}
            {item.figure.rarity === 'secret' ? <span className="locker-badge">Secret</span> : null}
          </p>
          <p className={`locker-status locker-status--${item.status}`}>
            {ITEM_STATUS[item.status]}
            <span className="locker-muted">
              {' '}
              · since {formatShortDate(item.shippedAt ?? item.shipRequestedAt ?? item.acquiredAt)}
            </span>
          </p>
          {item.drawId ? <Link to={`/mysterybox/test?draw=${item.drawId}`}>Draw proof</Link> : null}
          {item.status === 'in_locker' ? (
            <label className="locker-pick">
              <input type="checkbox" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
              <span className="visually-hidden">{item.figure.name}: </span>Choose for shipping
            </label>
          ) : null}
          <ItemMarket
            item={item}
            listing={item.listingId === null ? undefined : listings.get(item.listingId)}
            onChanged={onMarketChanged}
          />
          <ItemHistory itemId={item.id} name={item.figure.name} />
        </li>
      ))}
    </ul>
  );
}
