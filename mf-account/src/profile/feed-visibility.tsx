import { useId, useState } from 'react';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Skeleton } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { feedVisibilityRead, saveFeedVisibility } from '../api/profile';
import { ReadError } from '../shared/read-error';

/**
 * The live room's privacy setting: whether my handle, and each pull's proof link, show beside my
 * pulls and purchases there. Hidden until chosen; it applies to past events too (the feed decides
 * when it reads an event), which the switch says before it is flipped.
 */
export function FeedVisibility({ handle }: { handle: string | null }) {
  const id = useId();
  const state = useAccountQuery(feedVisibilityRead);
  const [saving, setSaving] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (visible: boolean) => {
    setSaving(visible);
    setProblem(null);
    try {
      // The answer is the setting now: the page's cache holds it, as if read again.
      state.replace(await saveFeedVisibility(visible));
    } catch (error) {
      setProblem(
        error instanceof HttpError && error.status === 0
          ? 'We could not reach the shop. Check your connection, then try again.'
          : visitorMessage(error),
      );
    } finally {
      setSaving(null);
    }
  };
  let body;
  if (state.status === 'pending') body = <Skeleton lines={1} label="Loading your live room setting" />;
  else if (state.status === 'error')
    body = (
      <ReadError
        title="Your live room setting could not be loaded."
        error={state.error}
        onRetry={state.retry}
      />
    );
  else {
    const visible = saving ?? state.data.visible;
    body = (
      <>
        <label className="profile-check" htmlFor={`${id}-visible`}>
          <input
            id={`${id}-visible`}
            type="checkbox"
            checked={visible}
            disabled={saving !== null}
            aria-describedby={`${id}-past`}
            onChange={(event) => void change(event.target.checked)}
          />
          Show my handle in the live room
        </label>
        <p id={`${id}-past`} className="locker-muted">
          This changes how your past pulls and purchases are shown too, not only new ones. On: each shows your
          handle, and each pull links to its draw's proof, which anyone can open. Off: all of them show as "a
          collector", with no proof link.
        </p>
        <p className="locker-muted" aria-live="polite">
          {visible
            ? handle
              ? `Your pulls and purchases show as @${handle}.`
              : 'Choose a handle above: until then your pulls and purchases show as "a collector".'
            : 'Your pulls and purchases show as "a collector".'}
        </p>
        {problem ? <p role="alert">{problem}</p> : null}
      </>
    );
  }
  return (
    <section className="locker-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Live room</h2>
      {body}
    </section>
  );
}
