import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Figure } from '@arttoy/shared/contracts/api';
import { FigureArt } from './figure-art';

/** The opening animation's length; a fallback ends it should the animation never report its end. */
export const REVEAL_MS = 2600;

/**
 * Set by the pay page: the reveal says while it is shown, so the page leaves out its own "Payment"
 * heading and the reveal's heading is the page's.
 */
export const RevealShown = createContext<(shown: boolean) => void>(() => undefined);

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The box drawn in CSS: a lid with its bow over a body with its ribbon; `open` draws it opened (a still frame). */
function BoxArt({ open, onOpened }: { open: boolean; onOpened?: () => void }) {
  return (
    <div
      className={open ? 'mb-reveal__box mb-reveal__box--open' : 'mb-reveal__box'}
      aria-hidden="true"
      data-testid="reveal-box"
      onAnimationEnd={(event) => event.animationName === 'mb-reveal-lift' && onOpened?.()}
    >
      <div className="mb-reveal__rays" />
      <div className="mb-reveal__lid">
        <span className="mb-reveal__bow" />
      </div>
      <div className="mb-reveal__body">
        <span className="mb-reveal__ribbon" />
      </div>
    </div>
  );
}

/**
 * The figure drawn, the moment of the purchase: the box shakes and its lid lifts (CSS, with a Skip
 * button), then the figure rises out of the opened box with its rarity; a secret figure gets a
 * moment of its own. Under `prefers-reduced-motion` the opened box is shown at once, still. The
 * reveal's heading is the page's ("You pulled …"); focus goes to Skip while the box opens and to
 * that heading once the figure shows (no focus ring on it: it is not a control). Then the ways on:
 * the locker, the draw's proof, the receipt, and another box of the same kind.
 */
export function Reveal({
  figure,
  drawId,
  orderSn,
  boxModelId,
}: {
  figure: Figure;
  drawId: number;
  orderSn: string;
  boxModelId: number | null;
}) {
  const [opened, setOpened] = useState(prefersReducedMotion);
  const skip = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const setShown = useContext(RevealShown);
  useLayoutEffect(() => {
    setShown(true);
    return () => setShown(false);
  }, [setShown]);
  useEffect(() => {
    if (opened) {
      heading.current?.focus();
      return undefined;
    }
    skip.current?.focus();
    const timer = setTimeout(() => setOpened(true), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [opened]);
  if (!opened) {
    return (
      <section className="mb-reveal" aria-labelledby="mb-reveal-opening">
        <h1 id="mb-reveal-opening" className="visually-hidden">
          Your box
        </h1>
        <BoxArt open={false} onOpened={() => setOpened(true)} />
        <p className="mb-reveal__status" role="status">
          Opening your box…
        </p>
        {/* The kit's Button does not take a ref; this one wears its classes. */}
        <button
          ref={skip}
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => setOpened(true)}
        >
          Skip
        </button>
      </section>
    );
  }
  const secret = figure.rarity === 'secret';
  return (
    <section
      className={secret ? 'mb-reveal mb-reveal--done mb-reveal--secret' : 'mb-reveal mb-reveal--done'}
      aria-labelledby="mb-reveal-title"
    >
      <div className="mb-reveal__stage">
        <BoxArt open />
        <div className="mb-reveal__figure">
          <FigureArt
            src={figure.artUrl}
            alt={`${figure.name}, figure ${figure.number} of ${figure.series.name}`}
            size={240}
            eager
          />
        </div>
      </div>
      <p className={secret ? 'mb-rarity mb-rarity--secret' : 'mb-rarity'} data-testid="reveal-rarity">
        {secret ? 'Secret figure' : 'Regular figure'}
      </p>
      <h1 id="mb-reveal-title" className="mb-reveal__title" ref={heading} tabIndex={-1}>
        You pulled {figure.name}!
      </h1>
      {secret ? (
        <p className="mb-reveal__secret">
          A secret! The rarest figure of {figure.series.name}, shown to nobody until it is pulled.
        </p>
      ) : null}
      <p>
        {figure.series.name}, figure {figure.number}. It is in your locker now.
      </p>
      <div className="mb-actions">
        <Link className="ui-button ui-button--primary" to="/locker">
          Go to my locker
        </Link>
        {boxModelId === null ? null : (
          <Link className="ui-button ui-button--secondary" to={`/mysterybox/${boxModelId}`}>
            Open another
          </Link>
        )}
        <Link className="ui-button ui-button--secondary" to={`/mysterybox/test?draw=${drawId}`}>
          Check this draw
        </Link>
        <Link className="ui-button ui-button--secondary" to={`/orders/${orderSn}`}>
          See the receipt
        </Link>
      </div>
    </section>
  );
}
