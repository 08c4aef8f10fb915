import { useEffect, useState } from 'react';
import { formatCountdown } from './format';

/**
 * Time left to pay, ticking each second; calls `onExpired` once when it runs out. The visible
 * text updates every second, so it is not a live region; the label says what it counts.
 */
export function Countdown({
  until,
  onExpired,
  what = 'Your box is',
}: {
  until: string;
  onExpired: () => void;
  what?: string;
}) {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  useEffect(() => {
    if (left <= 0) {
      onExpired();
      return undefined;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <p className={left < 120_000 ? 'mb-countdown mb-countdown--soon' : 'mb-countdown'}>
      {what} held for{' '}
      <time dateTime={until} data-testid="countdown">
        {formatCountdown(left)}
      </time>{' '}
      more.
    </p>
  );
}
