import { useCallback, useState } from 'react';

/** A form's problems, by field: what to fix, worded for the visitor. */
export type FieldProblems<F extends string> = Partial<Record<F, string>>;

/**
 * A form's problems after `field` changed and now checks as `problem`: gone as soon as the field is
 * valid, reworded while it is still wrong. A field that showed nothing shows nothing until the next
 * submit (a visitor half way through typing is not told off).
 */
export function reviseFieldProblem<F extends string>(
  problems: FieldProblems<F>,
  field: F,
  problem: string | null | undefined,
): FieldProblems<F> {
  if (problems[field] === undefined || problems[field] === problem) return problems;
  const next = { ...problems };
  if (problem) next[field] = problem;
  else delete next[field];
  return next;
}

/**
 * The problems of a form's fields: `show` sets them (the submit's check, or the server's refusal),
 * `revise` re-checks one field as it changes, so its problem clears the moment it is fixed.
 */
export function useFieldProblems<F extends string>() {
  const [problems, show] = useState<FieldProblems<F>>({});
  const revise = useCallback(
    (field: F, problem: string | null | undefined) =>
      show((current) => reviseFieldProblem(current, field, problem)),
    [],
  );
  return { problems, show, revise };
}
