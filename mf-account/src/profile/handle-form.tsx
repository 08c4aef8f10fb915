import { useId, useState, type FormEvent } from 'react';
import { HANDLE_PATTERN, handleSchema } from '@arttoy/shared/contracts/api';
import { HttpError, isApiError, visitorMessage } from '@arttoy/shared/http';
import { Button, useFieldProblems } from '@arttoy/shared/ui';
import type { Me } from '@arttoy/shared/contracts/api';
import { saveHandle } from '../api/profile';

const RULE = '3 to 20 characters: letters a-z, digits and _.';

/** What is wrong with a handle as typed, checked with the API's own schema; null when it may be sent. */
const handleProblem = (value: string): string | null => {
  if (handleSchema.safeParse(value).success) return null;
  const typed = value.trim().toLowerCase();
  if (typed === '') return 'Enter a handle.';
  if (HANDLE_PATTERN.test(typed))
    return `@${typed} is too close to a name the shop keeps for its own accounts (such as admin, support or official): choose another one.`;
  return `A handle is ${RULE}`;
};

/** The public handle: checked here with the API's own schema, then saved; a taken one is said beside the field. */
export function HandleForm({ current, onSaved }: { current: string | null; onSaved: (me: Me) => void }) {
  const id = useId();
  const [saved, setSaved] = useState(current);
  const [value, setValue] = useState(current ?? '');
  // The problem clears as soon as the handle typed is one the API takes (a taken one too: it changed).
  const { problems, show, revise } = useFieldProblems<'handle'>();
  const problem = problems.handle ?? null;
  const setProblem = (text: string | null) => show(text ? { handle: text } : {});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = handleSchema.safeParse(value);
    if (!parsed.success) {
      setProblem(handleProblem(value));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const me = await saveHandle(parsed.data);
      setSaved(me.handle);
      setValue(me.handle ?? '');
      setDone(`Your handle is now @${me.handle}.`);
      onSaved(me);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : -1;
      // Taken, kept for its last owner, or changed too recently: the API says which, and until when.
      if (status === 409)
        setProblem(
          isApiError(error, 'handle_taken')
            ? `@${parsed.data} is taken: choose another one.`
            : visitorMessage(error),
        );
      else if (status === 0)
        setProblem('We could not reach the shop. Check your connection, then try again.');
      else setProblem(visitorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="locker-panel"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id={`${id}-title`}>Public handle</h2>
      <p className="locker-muted">
        {saved ? `Others see you as @${saved}.` : 'Choose the name others see you by in the community.'}
      </p>
      <label className="profile-label" htmlFor={`${id}-handle`}>
        Handle
      </label>
      <input
        id={`${id}-handle`}
        className="profile-input"
        name="handle"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setValue(event.target.value);
          revise('handle', handleProblem(event.target.value));
        }}
      />
      <p id={`${id}-hint`} className={problem ? 'profile-problem' : 'locker-muted'}>
        {problem ?? RULE}
      </p>
      <div className="locker-actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save handle'}
        </Button>
        {done ? <span role="status">{done}</span> : null}
      </div>
    </form>
  );
}
