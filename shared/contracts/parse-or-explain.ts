/**
 * The contracts the first page reads (the runtime config, the deploy manifest) are valibot schemas:
 * the shell validates them before its first render, and valibot's tree-shaken checks are a fraction
 * of zod/mini's core there (zod's core modules also serve the full zod that later chunks use, so
 * the first page would carry every string format). The API's contracts are zod.
 */
import * as v from 'valibot';

/** Parses `value` or throws `<what>: <field>: <problem>; …`, naming every field that is wrong. */
export function parseOrExplain<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`${what}: ${problems.join('; ')}`);
}
