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

type Parameter = { in?: string; name?: string; schema?: { type?: string } };
type Operation = { parameters?: Parameter[]; requestBody?: unknown; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

const TEMPLATE = /^\{(\w+)\}$/;

/** Whether every operation of `path` takes its path parameter `name` as an integer. */
function takesInteger(document: Document, path: string, name: string): boolean {
  const operations = Object.values(document.paths[path] ?? {});
  return (
    operations.length > 0 &&
    operations.every((operation) =>
      operation.parameters?.some(
        (parameter) =>
          parameter.in === 'path' && parameter.name === name && parameter.schema?.type === 'integer',
      ),
    )
  );
}

/**
 * Two paths Redocly calls ambiguous that cannot match one URL: where one has a word and the other an
 * integer parameter (`/locker/ship-requests/{id}` and `/locker/{id}/history`: `ship-requests` is no id).
 */
function ambiguityIsNominal(problem: LintProblem, document: Document): boolean {
  const paths = [...problem.message.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  const [first, second] = paths.map((path) => path.split('/'));
  if (paths.length !== 2 || !first || !second || first.length !== second.length) return false;
  return first.some((segment, index) => {
    const other = second[index] ?? '';
    const [template, word, path] = TEMPLATE.test(segment)
      ? [segment, other, paths[0]]
      : [other, segment, paths[1]];
    const name = TEMPLATE.exec(template)?.[1];
    return (
      name !== undefined &&
      !TEMPLATE.test(word) &&
      !/^\d+$/.test(word) &&
      takesInteger(document, path ?? '', name)
    );
  });
}

function operationAt(
  document: { paths: Record<string, Record<string, Operation>> },
  pointer: string,
): Operation | undefined {
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
function isJustified(problem: LintProblem, document: Document): boolean {
  if (problem.rule === 'no-ambiguous-paths' && problem.severity === 'warn')
    return ambiguityIsNominal(problem, document);
  const operation = operationAt(document, problem.at);
  if (!operation || problem.severity !== 'warn') return false;
  if (problem.rule === 'operation-4xx-response')
    return !operation.parameters?.length && !operation.requestBody;
  if (problem.rule === 'operation-2xx-response') return operation.responses?.['303'] !== undefined;
  return false;
}

/** Every problem Redocly finds, the justified warnings left out. */
export async function lintOpenApi(document: {
  paths: Record<string, Record<string, Operation>>;
}): Promise<LintProblem[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: {
      'info-license': 'off',
      'info-license-strict': 'off',
      'operation-tag-defined': 'error',
      'operation-operationId': 'error',
    },
  });
  const problems: NormalizedProblem[] = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems
    .map((problem): LintProblem => ({
      severity: problem.severity === 'error' ? 'error' : 'warn',
      rule: problem.ruleId,
      message: problem.message,
      at: problem.location[0]?.pointer ?? '',
    }))
    .filter((problem) => !isJustified(problem, document));
}
