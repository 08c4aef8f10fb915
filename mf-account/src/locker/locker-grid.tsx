import { Link } from 'react-router';
import type { LockerItem } from '@arttoy/shared/contracts/api';
import { formatDate, ITEM_STATUS } from './labels';

/** The visitor's figures: art, series, status, the draw that produced each, and a box to pick it for shipping. */
export function LockerGrid({ items, selected, onToggle }: { items: readonly LockerItem[]; selected: ReadonlySet<number>; onToggle: (id: number) => void }) {
  return (
    <ul className="locker-grid" aria-label="Your figures">
      {items.map((item) => (
        <li key={item.id} className="locker-item" data-status={item.status}>
          <img className="locker-item__art" src={item.figure.artUrl} alt={`${item.figure.name}, figure ${item.figure.number} of ${item.series.name}`} width={200} height={200} loading="lazy" decoding="async" />
          <h2 className="locker-item__name">{item.figure.name}</h2>
          <p className="locker-item__series">
            {item.series.name}
            {item.figure.rarity === 'secret' ? <span className="locker-badge">Secret</span> : null}
          </p>
          <p className={`locker-status locker-status--${item.status}`}>
            {ITEM_STATUS[item.status]}
            <span className="locker-muted"> · since {formatDate(item.shippedAt ?? item.shipRequestedAt ?? item.acquiredAt)}</span>
          </p>
          {item.drawId ? <Link to={`/mysterybox/test?draw=${item.drawId}`}>Draw proof</Link> : null}
          {item.status === 'in_locker' ? (
            <label className="locker-pick">
              <input type="checkbox" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
              <span className="visually-hidden">{item.figure.name}: </span>Choose for shipping
            </label>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
