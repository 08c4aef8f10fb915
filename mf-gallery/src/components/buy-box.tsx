import { formatPrice } from '@arttoy/shared/contracts';
import type { BoxModelSummary } from '@arttoy/shared/contracts/api';
import { SHELL_PATHS } from '../paths';
import { ShellLink } from './shell-link';

/** The boxes that sell a series, each with its price, what is left and the way to buy it. */
export function BuyBoxes({ boxes, seriesName }: { boxes: readonly BoxModelSummary[]; seriesName: string }) {
  if (boxes.length === 0)
    return <p className="gallery-state gallery-state--empty">No box of {seriesName} is on sale right now.</p>;
  return (
    <ul className="gallery-boxes">
      {boxes.map((box) => (
        <li key={box.id} className="gallery-box">
          <span className="gallery-box__name">{box.name}</span>
          <span className="gallery-box__price">{formatPrice(box.price)}</span>
          <span className="gallery-box__stock">{box.stock === 0 ? 'Sold out' : `${box.stock} left`}</span>
          {/* The label names the box: several "Buy a box" links may share a page. */}
          <ShellLink
            to={SHELL_PATHS.box(box.id)}
            className="ui-button ui-button--primary"
            label={`${box.stock === 0 ? 'See the box' : 'Buy a box'}: ${box.name}`}
          >
            {box.stock === 0 ? 'See the box' : 'Buy a box'}
          </ShellLink>
        </li>
      ))}
    </ul>
  );
}
