import { formatCount } from '@arttoy/shared/contracts';
import { useState, type FormEvent } from 'react';
import type { PublicDrawProof as ApiDrawProof } from '@arttoy/shared/contracts/api';
import {
  clientSeedProblem,
  serverSeedProblem,
  verifyDraw,
  type OddsLine,
  type Verification,
} from '@arttoy/shared/fair';
import { Button, type FieldProblems, useFieldProblems } from '@arttoy/shared/ui';
import { TextField } from './text-field';

export interface VerifyBox {
  id: number;
  name: string;
  lines: OddsLine[];
}

interface Fields {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  boxId: string;
}

type Problems = FieldProblems<keyof Fields>;

function check(fields: Fields, hasProofLines: boolean): Problems {
  const problems: Problems = {};
  const seed = serverSeedProblem(fields.serverSeed.trim());
  if (seed) problems.serverSeed = seed;
  if (fields.serverSeedHash.trim() && !/^[0-9a-fA-F]{64}$/.test(fields.serverSeedHash.trim()))
    problems.serverSeedHash = 'A hash is 64 hex digits; leave it empty to skip this check.';
  const client = clientSeedProblem(fields.clientSeed.trim());
  if (client) problems.clientSeed = client;
  if (!/^\d{1,10}$/.test(fields.nonce.trim()) || Number(fields.nonce) > 2_147_483_647)
    problems.nonce = 'The nonce is a whole number from 0 up, such as 0, 1 or 42.';
  if (!hasProofLines && !fields.boxId) problems.boxId = 'Choose the box the draw was made for.';
  return problems;
}

const CHECK_LABELS = {
  serverSeedHash: 'Seed matches the hash shown before purchase',
  rollPpm: 'Roll matches the record',
  figureId: 'Figure matches the record',
} as const;

/**
 * Re-computes a draw in this browser with shared/fair, from a draw record (prefilled) or typed in.
 * Nothing is sent anywhere: the check needs only the seeds, the nonce and the odds.
 */
export function VerifyForm({
  boxes,
  proof,
  figureName,
}: {
  boxes: readonly VerifyBox[];
  proof: ApiDrawProof | null;
  figureName: (id: number) => string;
}) {
  const [fields, setFields] = useState<Fields>({
    serverSeed: proof?.serverSeed ?? '',
    serverSeedHash: proof?.serverSeedHash ?? '',
    clientSeed: proof?.clientSeed ?? '',
    nonce: proof ? String(proof.nonce) : '',
    boxId: proof ? String(proof.boxModelId) : '',
  });
  // A field's problem clears as soon as the field checks out, before the next Verify.
  const { problems, show: setProblems, revise } = useFieldProblems<keyof Fields>();
  const change = (name: keyof Fields, value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    revise(name, check(next, proof !== null)[name]);
  };
  const [outcome, setOutcome] = useState<Verification | null>(null);
  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: problems[name],
    onChange: (value: string) => change(name, value),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields, proof !== null);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setOutcome(null);
      return;
    }
    const lines = proof
      ? proof.oddsLines
      : (boxes.find((box) => String(box.id) === fields.boxId)?.lines ?? []);
    setOutcome(
      verifyDraw({
        serverSeed: fields.serverSeed.trim(),
        serverSeedHash: fields.serverSeedHash.trim() || null,
        clientSeed: fields.clientSeed.trim(),
        nonce: Number(fields.nonce),
        lines,
        rollPpm: proof?.rollPpm ?? null,
        figureId: proof?.figure.id ?? null,
      }),
    );
  };
  return (
    <form className="mb-panel mb-form" onSubmit={onSubmit} noValidate aria-labelledby="mb-verify-title">
      <h2 id="mb-verify-title">Verify a draw</h2>
      <TextField label="Server seed (revealed)" mono {...field('serverSeed')} />
      <TextField label="Server seed hash (optional)" mono {...field('serverSeedHash')} />
      <TextField label="Client seed" mono {...field('clientSeed')} />
      <TextField label="Nonce" inputMode="numeric" {...field('nonce')} />
      {proof ? (
        <p className="mb-muted">
          Odds: those of the figures in stock when this draw was made (from its record).
        </p>
      ) : (
        <div className="mb-field">
          <label htmlFor="mb-verify-box">Box</label>
          <select
            id="mb-verify-box"
            className="mb-input"
            value={fields.boxId}
            onChange={(event) => change('boxId', event.target.value)}
            aria-invalid={problems.boxId ? true : undefined}
            aria-describedby="mb-verify-box-error"
          >
            <option value="">Choose a box</option>
            {boxes.map((box) => (
              <option key={box.id} value={box.id}>
                {box.name}
              </option>
            ))}
          </select>
          <p id="mb-verify-box-error" className="mb-field__error">
            {problems.boxId ?? ''}
          </p>
        </div>
      )}
      <Button type="submit">Verify</Button>
      {outcome ? (
        <div className="mb-result" role="status" aria-live="polite">
          <p className="mb-result__headline">
            {outcome.valid ? '✓ ' : '✗ '}
            {figureName(outcome.result.figureId)} (roll {formatCount(outcome.result.rollPpm)} of 1,000,000)
          </p>
          <dl className="mb-facts">
            <dt>SHA-256 of the seed</dt>
            <dd className="mb-mono mb-hash">{outcome.serverSeedHash}</dd>
            <dt>HMAC-SHA256</dt>
            <dd className="mb-mono mb-hash">{outcome.result.hmac}</dd>
          </dl>
          <ul className="mb-checks">
            {(Object.keys(CHECK_LABELS) as (keyof typeof CHECK_LABELS)[])
              .filter((name) => outcome.checks[name] !== null)
              .map((name) => (
                <li
                  key={name}
                  className={outcome.checks[name] ? 'mb-check mb-check--ok' : 'mb-check mb-check--bad'}
                >
                  {outcome.checks[name] ? 'Yes' : 'No'}: {CHECK_LABELS[name]}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
