import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { currencyDigits, formatDate, formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import {
  BREAK_LENGTHS,
  type BreakLength,
  type ChanceControls as Controls,
  LIMIT_COOL_OFF_HOURS,
  LIMIT_PERIODS,
  type LimitPeriod,
} from '@arttoy/shared/contracts/api';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { chanceControlsRead, confirmAge, saveLimits, takeBreak } from '../api/profile';
import { ReadError } from '../shared/read-error';

const PERIOD_NAMES: Record<LimitPeriod, { label: string; spent: string }> = {
  day: { label: 'Daily limit', spent: 'today' },
  week: { label: 'Weekly limit (from Monday)', spent: 'this week' },
  month: { label: 'Monthly limit', spent: 'this month' },
};

const BREAK_NAMES: Record<BreakLength, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
};

const problemOf = (error: unknown) =>
  error instanceof HttpError && error.status === 0
    ? 'We could not reach the shop. Check your connection, then try again.'
    : visitorMessage(error);

/** A change sent to the API: busy while it runs, its problem in plain words, the answer replacing the page's copy. */
function useChange(onSaved: (controls: Controls) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (call: () => Promise<Controls>, after?: () => void) => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await call());
      after?.();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="profile-problem">
      {text}
    </p>
  ) : null;
}

/** The date of birth: asked once, only its month and year kept. */
function AgeForm({ controls, onSaved }: { controls: Controls; onSaved: (controls: Controls) => void }) {
  const id = useId();
  const [date, setDate] = useState('');
  // Today, once: no date of birth after it.
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const { busy, problem, run } = useChange(onSaved);
  const { age } = controls;
  if (age.birthMonth !== null)
    return (
      <p data-testid="age-confirmed">
        {age.ofAge
          ? `Your date of birth is confirmed (${age.birthMonth}): you may buy mystery boxes.`
          : `Your date of birth is confirmed (${age.birthMonth}). Mystery boxes are sold from the age of ${age.minAge}: you may buy them from ${formatDate(age.ofAgeFrom ?? '')}.`}
      </p>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    void run(() => confirmAge(date));
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Your age</h3>
      <p className="locker-muted" id={`${id}-why`}>
        Mystery boxes are a game of chance, sold from the age of {age.minAge}. Confirm your date of birth once
        before your first box: we keep only its month and year, and it cannot be changed here afterwards.
      </p>
      <label className="profile-label" htmlFor={`${id}-date`}>
        Date of birth
      </label>{' '}
      <input
        id={`${id}-date`}
        className="profile-input"
        type="date"
        required
        value={date}
        max={today}
        aria-describedby={`${id}-why`}
        onChange={(event) => setDate(event.target.value)}
      />{' '}
      <Button type="submit" disabled={busy || date === ''}>
        {busy ? 'Confirming…' : 'Confirm date of birth'}
      </Button>
      <Problem text={problem} />
    </form>
  );
}

const toMajor = (minor: number | null, currency: string) =>
  minor === null ? '' : (minor / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency));

/** "12.50" in the currency's units → minor units; '' → no limit; undefined: not an amount. */
function toMinor(text: string, currency: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const digits = currencyDigits(currency);
  if (!new RegExp(`^\\d{1,8}(\\.\\d{0,${digits}})?$`).test(value)) return undefined;
  return Math.round(Number(value) * 10 ** digits);
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The three limits, what each period counts, a raise waiting for its cool-off. */
function LimitsForm({ controls, onSaved }: { controls: Controls; onSaved: (controls: Controls) => void }) {
  const id = useId();
  const { currency } = controls;
  const hasLimits = controls.limits.some((limit) => limit.limitMinor !== null || limit.pending !== null);
  const [timeZone, setTimeZone] = useState(hasLimits ? controls.timeZone : browserTimeZone());
  const [amounts, setAmounts] = useState<Record<LimitPeriod, string>>(() => {
    const shown = (period: LimitPeriod) => {
      const limit = controls.limits.find((entry) => entry.period === period);
      return toMajor(limit?.pending ? limit.pending.limitMinor : (limit?.limitMinor ?? null), currency);
    };
    return { day: shown('day'), week: shown('week'), month: shown('month') };
  });
  const [typo, setTypo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, run } = useChange(onSaved);
  const money = (amountMinor: number) => formatPrice({ amountMinor, currency });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const minor = Object.fromEntries(
      LIMIT_PERIODS.map((period) => [period, toMinor(amounts[period], currency)]),
    );
    const wrong = LIMIT_PERIODS.find((period) => minor[period] === undefined);
    if (wrong) {
      setTypo(`${PERIOD_NAMES[wrong].label}: write an amount such as 25.00, or leave it empty for no limit.`);
      return;
    }
    setTypo(null);
    void run(
      () =>
        saveLimits({
          timeZone,
          currency,
          day: minor.day ?? null,
          week: minor.week ?? null,
          month: minor.month ?? null,
        }),
      () => setDone('Your limits are saved.'),
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Spending limits</h3>
      <p className="locker-muted" id={`${id}-rule`}>
        Limits count the mystery boxes you order, paid or waiting for payment, in {currency}. A lower limit
        applies at once; a higher one, or removing one, applies {LIMIT_COOL_OFF_HOURS} hours after you save
        it. Leave a field empty for no limit.
      </p>
      {LIMIT_PERIODS.map((period) => {
        const limit = controls.limits.find((entry) => entry.period === period);
        if (!limit) return null;
        return (
          <div key={period} className="profile-limit" data-testid={`limit-${period}`}>
            <label className="profile-label" htmlFor={`${id}-${period}`}>
              {PERIOD_NAMES[period].label} ({currency})
            </label>
            <input
              id={`${id}-${period}`}
              className="profile-input"
              inputMode="decimal"
              value={amounts[period]}
              aria-describedby={`${id}-${period}-spent ${id}-rule`}
              onChange={(event) => setAmounts({ ...amounts, [period]: event.target.value })}
            />
            <p id={`${id}-${period}-spent`} className="locker-muted">
              Spent {PERIOD_NAMES[period].spent}: {money(limit.spentMinor)}
              {limit.limitMinor === null ? ' (no limit)' : ` of ${money(limit.limitMinor)}`}. Starts again on{' '}
              {formatDateTime(limit.resetsAt, controls.timeZone)}.
              {limit.pending
                ? ` Waiting: ${limit.pending.limitMinor === null ? 'no limit' : money(limit.pending.limitMinor)} from ${formatDateTime(limit.pending.appliesAt)}.`
                : ''}
            </p>
          </div>
        );
      })}
      <label className="profile-label" htmlFor={`${id}-zone`}>
        Time zone the days, weeks and months count in
      </label>{' '}
      <input
        id={`${id}-zone`}
        className="profile-input"
        value={timeZone}
        autoComplete="off"
        onChange={(event) => setTimeZone(event.target.value)}
      />{' '}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save limits'}
      </Button>
      <Problem text={typo ?? problem} />
      {done ? (
        <p className="locker-muted" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}

/** A break: chosen, then confirmed with what it means; it cannot be undone. */
function BreakForm({ controls, onSaved }: { controls: Controls; onSaved: (controls: Controls) => void }) {
  const id = useId();
  const [length, setLength] = useState<BreakLength>('24h');
  const [confirming, setConfirming] = useState(false);
  const { busy, problem, run } = useChange(onSaved);
  let state: ReactNode;
  if (controls.breakUntil)
    state = (
      <p data-testid="break-until">
        You are on a break from mystery boxes until {formatDateTime(controls.breakUntil)}. It cannot be ended
        early; a longer break below makes it longer.
      </p>
    );
  return (
    <div aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`}>Take a break</h3>
      {state}
      <p className="locker-muted">
        During a break you cannot buy mystery boxes, and boxes you have ordered but not paid are given back.
        The market and your locker stay open.
      </p>
      <fieldset className="profile-breaks" disabled={busy || confirming}>
        <legend className="profile-label">How long</legend>
        {BREAK_LENGTHS.map((option) => (
          <label key={option} className="profile-check">
            <input
              type="radio"
              name={`${id}-length`}
              value={option}
              checked={length === option}
              onChange={() => setLength(option)}
            />
            {BREAK_NAMES[option]}
          </label>
        ))}
      </fieldset>
      {confirming ? (
        <div className="profile-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            <strong>This cannot be undone.</strong> You will not be able to buy mystery boxes for{' '}
            {BREAK_NAMES[length]}, and no one can end the break early, not even our support.
          </p>
          <Button
            disabled={busy}
            onClick={() =>
              void run(
                () => takeBreak(length),
                () => setConfirming(false),
              )
            }
          >
            {busy ? 'Starting your break…' : `Yes, take a break for ${BREAK_NAMES[length]}`}
          </Button>{' '}
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Take a break for {BREAK_NAMES[length]}
        </Button>
      )}
      <Problem text={problem} />
    </div>
  );
}

/**
 * /profile#limits: the rules a visitor sets for mystery boxes, enforced by the API on every order:
 * the date of birth (once), limits per day, week and month with the cool-off on raises, and a break.
 */
export function ChanceControlsPanel() {
  const state = useAccountQuery(chanceControlsRead);
  let body;
  if (state.status === 'pending') body = <Skeleton lines={4} label="Loading your limits and breaks" />;
  else if (state.status === 'error')
    body = (
      <ReadError
        title="Your limits and breaks could not be loaded."
        error={state.error}
        onRetry={state.retry}
      />
    );
  else
    body = (
      <>
        <AgeForm controls={state.data} onSaved={state.replace} />
        <LimitsForm controls={state.data} onSaved={state.replace} />
        <BreakForm controls={state.data} onSaved={state.replace} />
      </>
    );
  return (
    <section
      id="limits"
      className="locker-panel profile-chance"
      aria-labelledby="profile-limits"
      tabIndex={-1}
    >
      <h2 id="profile-limits">Limits and breaks</h2>
      {body}
    </section>
  );
}
