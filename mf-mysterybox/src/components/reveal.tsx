import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Figure } from '@arttoy/shared/contracts/api';
import { FigureArt } from './figure-art';

/** The opening animation's length; a fallback ends it should the animation never report its end. */
export const REVEAL_MS = 2600;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The figure drawn: a short box-opening animation (CSS, skipped under reduced motion) with a Skip
 * button, then the figure, its draw, the order's receipt and the way to the locker. Focus goes to Skip while it plays
 * and to the result's heading once shown, so keyboard and screen reader users land on the news.
 */
export function Reveal({ figure, drawId, orderSn }: { figure: Figure; drawId: number; orderSn: string }) {
  const [opened, setOpened] = useState(prefersReducedMotion);
  const skip = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
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
      <section className="mb-reveal" aria-label="Opening your box">
        <div
          className="mb-reveal__box"
          aria-hidden="true"
          onAnimationEnd={(event) => event.animationName === 'mb-reveal-open' && setOpened(true)}
        >
          <div className="mb-reveal__lid" />
          <div className="mb-reveal__body">?</div>
        </div>
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
  return (
    <section className="mb-reveal mb-reveal--done" aria-labelledby="mb-reveal-title">
      <div className="mb-reveal__figure">
        <FigureArt
          src={figure.artUrl}
          alt={`${figure.name}, figure ${figure.number} of ${figure.series.name}`}
          size={280}
          eager
        />
      </div>
      <h2 id="mb-reveal-title" ref={heading} tabIndex={-1}>
        You got {figure.name}!
      </h2>
      <p>
        {figure.rarity === 'secret' ? 'A secret figure! ' : ''}
        {figure.series.name}, figure {figure.number}. It is in your locker now.
      </p>
      <div className="mb-actions">
        <Link className="ui-button ui-button--primary" to="/locker">
          Go to my locker
        </Link>
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
