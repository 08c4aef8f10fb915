import { useId, useState } from 'react';
import { useAccountQuery } from '../api/account-read';
import { itemHistoryRead } from '../api/market';
import { ReadError } from '../shared/read-error';
import { HistoryView } from './history-view';

/**
 * "History": a disclosure button (Enter or Space) that reads the item's history the first time it
 * opens, and keeps it while the page lives.
 */
export function ItemHistory({ itemId, name }: { itemId: number; name: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const state = useAccountQuery((uid) => itemHistoryRead(uid, itemId), opened);
  const toggle = () => {
    setOpen(!open);
    setOpened(true);
  };
  let body = null;
  if (state.status === 'pending')
    body = (
      <p className="locker-muted" role="status">
        Loading its history…
      </p>
    );
  else if (state.status === 'error')
    body = <ReadError title="Its history could not be loaded." error={state.error} onRetry={state.retry} />;
  else body = <HistoryView history={state.data} />;
  return (
    <div className="market-history">
      <button
        type="button"
        className="market-disclosure"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={`History of ${name}`}
        onClick={toggle}
      >
        History
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? body : null}
      </div>
    </div>
  );
}
