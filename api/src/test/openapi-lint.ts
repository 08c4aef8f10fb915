/**
 * Lints an OpenAPI document with Redocly's `recommended` ruleset (@redocly/openapi-core, offline:
 * built-in rules only, nothing fetched), with these changes:
 * - `info-license`, `info-license-strict` off: the API is not published under a licence, and an
 *   invented licence entry would tell readers something untrue.
 * - `operation-tag-defined` on (an error): every tag an operation uses is described at the root,
 *   so the reference page's groups all say what they hold.
 * - `operation-operationId` an error, not a warning: generated clients name their methods by it.
 * And two warnings are accepted for the operations they are wrong about (see `isJustified`).
 */
import { createConfig, type NormalizedProblem, lintFromString } from '@redocly/openapi-core';

export interface LintProblem {
  severity: 'error' | 'warn';
  rule: string;
  message: string;
  /** JSON pointer into the document, such as `#/paths/~1health/get/responses`. */
  at: string;
}

type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };

function operationAt(document: { paths: Record<string, Record<string, Operation>> }, pointer: string): Operation | undefined {
  const match = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(pointer);
  if (!match) return undefined;
  const path = decodeURIComponent(match[1]!).replaceAll('~1', '/').replaceAll('~0', '~');
  return document.paths[path]?.[match[2]!];
}

/**
 * Warnings the rules give where they do not apply:
 * - `operation-4xx-response` on an operation that takes no input (no parameter, no body) and
 *   has no per-IP limit (/health, /search.json): there is nothing it could refuse.
 * - `operation-2xx-response` on an operation whose success is a 303 (entering preview mode, the
 *   sandbox checkout's form): browsers navigate to it and are sent on; it never answers 2xx.
 */
function isJustified(problem: LintProblem, document: { paths: Record<string, Record<string, Operation>> }): boolean {
  const operation = operationAt(document, problem.at);
  if (!operation || problem.severity !== 'warn') return false;
  if (problem.rule === 'operation-4xx-response') return !operation.parameters?.length && !operation.requestBody;
  if (problem.rule === 'operation-2xx-response') return operation.responses?.['303'] !== undefined;
  return false;
}

/** Every problem Redocly finds, the justified warnings left out. */
export async function lintOpenApi(document: { paths: Record<string, Record<string, Operation>> }): Promise<LintProblem[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: { 'info-license': 'off', 'info-license-strict': 'off', 'operation-tag-defined': 'error', 'operation-operationId': 'error' },
  });
  const problems: NormalizedProblem[] = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems
    .map((problem): LintProblem => ({ severity: problem.severity === 'error' ? 'error' : 'warn', rule: problem.ruleId, message: problem.message, at: problem.location[0]?.pointer ?? '' }))
    .filter((problem) => !isJustified(problem, document));
}
