import { useId, useState } from 'react';
import { signOut } from '@arttoy/shared/auth';
import { type AccountBusyItem, DELETE_ACCOUNT_PHRASE } from '@arttoy/shared/contracts/api';
import { isApiError, visitorMessage } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { deleteMyAccount } from '../api/my-data';

/**
 * "Delete my account", confirmed twice: the button opens the confirmation, which asks for the
 * handle (or a phrase without one) before "Delete forever" works. While money or items are on
 * their way the API refuses (account_busy) with what to do first, shown as a list.
 */
export function DeleteAccount({ handle, onDeleted }: { handle: string | null; onDeleted: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [todo, setTodo] = useState<AccountBusyItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const expected = handle ?? DELETE_ACCOUNT_PHRASE;
  const confirmed = typed.trim().toLowerCase() === expected;

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    setTodo([]);
    try {
      await deleteMyAccount(typed);
      onDeleted();
      await signOut();
    } catch (error) {
      if (isApiError(error, 'account_busy'))
        setTodo((error.details as { items?: AccountBusyItem[] } | null)?.items ?? []);
      else setProblem(visitorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="locker-panel profile-danger" aria-labelledby="profile-delete">
      <h2 id="profile-delete">Delete my account</h2>
      <p>
        Your name, e-mail, handle, addresses, saved payment methods and fairness seeds are erased, and you are
        signed out for good. Orders, payments and your balance's history stay, under a pseudonym, as
        accounting law requires. Figures left in your locker go with the account.
      </p>
      {open ? (
        <form
          aria-label="Confirm the deletion"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) void remove();
          }}
        >
          <label className="profile-label" htmlFor={`${id}-confirm`}>
            {handle
              ? `Type your handle, ${handle}, to confirm`
              : `Type “${DELETE_ACCOUNT_PHRASE}” to confirm`}
          </label>
          <input
            id={`${id}-confirm`}
            className="profile-input"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="profile-actions">
            <Button type="submit" disabled={!confirmed || busy}>
              Delete forever
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      )}
      {todo.length > 0 ? (
        <div role="alert">
          <p>Your account cannot be deleted yet: money or items are on their way. First:</p>
          <ul className="profile-busy" aria-label="What to do first">
            {todo.map((item) => (
              <li key={item.kind}>{item.todo}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {problem ? (
        <p className="locker-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
