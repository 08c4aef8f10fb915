import { SHELL_PATHS } from '../paths';
import { ShellLink } from './shell-link';

/** On every gallery page: the boxes are one tap away, whatever the visitor is looking at. */
export function ShopBoxes() {
  return (
    <aside className="gallery-shop" aria-label="Mystery boxes">
      <p className="gallery-shop__text">A random figure from a series, with every figure’s odds published.</p>
      <ShellLink to={SHELL_PATHS.boxes()} className="ui-button ui-button--primary gallery-shop__link">
        Shop mystery boxes
      </ShellLink>
    </aside>
  );
}
