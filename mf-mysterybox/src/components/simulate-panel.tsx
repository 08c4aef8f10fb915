import { formatCount } from '@arttoy/shared/contracts';
import { useState, type FormEvent } from 'react';
import type { BoxModelDetail } from '@arttoy/shared/contracts/api';
import { chiSquare } from '@arttoy/shared/fair';
import { Button } from '@arttoy/shared/ui';
import { OddsChart } from './odds-chart';
import { TextField } from './text-field';
import { MAX_SIMULATION, useSimulation } from './use-simulation';

/** Simulate N draws of a box with random seeds and compare what comes out with the published odds. */
export function SimulatePanel({ boxes }: { boxes: readonly BoxModelDetail[] }) {
  const [boxId, setBoxId] = useState(String(boxes[0]?.id ?? ''));
  const [count, setCount] = useState('10000');
  const [error, setError] = useState<string | undefined>();
  const { simulation, start, stop } = useSimulation();
  const box = boxes.find((candidate) => String(candidate.id) === boxId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    if (!/^\d+$/.test(count.trim()) || n < 1 || n > MAX_SIMULATION) {
      setError(`Enter a whole number of draws from 1 to ${formatCount(MAX_SIMULATION)}.`);
      return;
    }
    setError(undefined);
    if (box)
      void start(
        box.odds.map((line) => ({ figureId: line.figure.id, oddsPpm: line.oddsPpm })),
        n,
      );
  };
  const rows = (box?.odds ?? []).map((line) => ({
    figureId: line.figure.id,
    name: line.figure.name,
    expectedPpm: line.oddsPpm,
    observed: simulation?.counts.get(line.figure.id) ?? 0,
  }));
  const verdict =
    simulation && !simulation.running && simulation.done > 0 && rows.length > 1
      ? chiSquare(
          rows.map((row) => row.observed),
          rows.map((row) => row.expectedPpm / 1_000_000),
        )
      : null;
  return (
    <form className="mb-panel mb-form" onSubmit={onSubmit} noValidate aria-labelledby="mb-simulate-title">
      <h2 id="mb-simulate-title">Simulate draws</h2>
      <p className="mb-muted">
        Runs the same draw code with fresh random seeds in your browser, then compares the figures drawn with
        the published odds.
      </p>
      <div className="mb-field">
        <label htmlFor="mb-simulate-box">Box</label>
        <select
          id="mb-simulate-box"
          className="mb-input"
          value={boxId}
          onChange={(event) => setBoxId(event.target.value)}
          disabled={simulation?.running}
        >
          {boxes.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={`Number of draws (up to ${formatCount(MAX_SIMULATION)})`}
        inputMode="numeric"
        value={count}
        onChange={setCount}
        error={error}
      />
      <div className="mb-actions">
        <Button type="submit" disabled={simulation?.running || !box}>
          Simulate
        </Button>
        {simulation?.running ? (
          <Button variant="secondary" onClick={stop}>
            Stop
          </Button>
        ) : null}
      </div>
      {simulation ? (
        <>
          <label className="mb-progress">
            {formatCount(simulation.done)} of {formatCount(simulation.total)} draws
            <progress max={simulation.total} value={simulation.done} />
          </label>
          <OddsChart rows={rows} total={simulation.done} />
        </>
      ) : null}
      {verdict ? (
        <p className="mb-result" role="status">
          {verdict.consistent
            ? `Consistent with the published odds (chi-square ${verdict.statistic.toFixed(1)} with ${verdict.degreesOfFreedom} degrees of freedom, below ${verdict.criticalValue.toFixed(1)}).`
            : `Further from the published odds than chance usually allows (chi-square ${verdict.statistic.toFixed(1)}, limit ${verdict.criticalValue.toFixed(1)}). With few draws this happens by chance; try more.`}
        </p>
      ) : null}
    </form>
  );
}
