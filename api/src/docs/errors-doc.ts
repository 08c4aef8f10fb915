/**
 * docs/errors.md, written from the error catalogue (`@arttoy/shared/contracts/api`, errors.ts):
 * every code with its status, class, message, details and routes. `npm run docs:errors -w api`
 * writes it; errors-doc.test.ts fails when the file and the catalogue differ.
 */
import * as z from 'zod';
import { API_ERROR_CODES, API_ERRORS, type CataloguedError } from '@arttoy/shared/contracts/api';

/** A zod type as a short TypeScript-like type: `{ reason: "sold_out"; boxModelId: number }`. */
export function typeOf(schema: z.ZodType): string {
  if (schema instanceof z.ZodOptional) return typeOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodNullable) return `${typeOf(schema.unwrap() as z.ZodType)} | null`;
  if (schema instanceof z.ZodLiteral) return JSON.stringify(schema.value);
  if (schema instanceof z.ZodEnum) return schema.options.map((option) => JSON.stringify(option)).join(' | ');
  if (schema instanceof z.ZodArray) return `${typeOf(schema.element as z.ZodType)}[]`;
  if (schema instanceof z.ZodTuple)
    return `[${(schema.def.items as z.ZodType[]).map((item) => typeOf(item)).join(', ')}]`;
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).map((option) => typeOf(option)).join(' | ');
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => `${key}${field instanceof z.ZodOptional ? '?' : ''}: ${typeOf(field)}`,
    );
    return fields.length === 0 ? '—' : `{ ${fields.join('; ')} }`;
  }
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  return 'string';
}

/** A value standing for a field in a message's pattern: `{orderSn}`, an array of one, the first option. */
function placeholder(key: string, schema: z.ZodType): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return placeholder(key, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodBoolean) return false;
  if (schema instanceof z.ZodTuple)
    return (schema.def.items as z.ZodType[]).map((item) => placeholder(key, item));
  if (schema instanceof z.ZodArray) return [placeholder(key, schema.element as z.ZodType)];
  if (schema instanceof z.ZodObject) return placeholders(schema);
  if (schema instanceof z.ZodUnion) return placeholder(key, (schema.options as z.ZodType[])[0]!);
  return `{${key}}`;
}

const placeholders = (schema: z.ZodObject | undefined) =>
  Object.fromEntries(
    Object.entries((schema?.shape ?? {}) as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      placeholder(key, field),
    ]),
  );

/** The message with its values as `{name}`: one form of it where it has several. */
export function messagePattern(spec: CataloguedError): string {
  const input = { ...placeholders(spec.values), ...placeholders(spec.details) };
  return (spec.message as (all: Record<string, unknown>) => string)(input);
}

const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function routesOf(spec: CataloguedError): string {
  if (spec.routes.includes('*')) return 'any';
  if (spec.routes.length === 0) return spec.answeredBy ?? '—';
  return spec.routes.map(code).join(', ');
}

const RFC_9457 = `## Why not RFC 9457 (\`application/problem+json\`)

Answers keep \`{ error: { code, reason?, message, details? } }\` as \`application/json\`. Every client and
test of the site speaks this body; problem details would change the shape and the media type of every
error answer, for no gain to a visitor (what a visitor reads comes from the catalogue's visitor copy).
\`reason\` is added beside \`code\`, as Google AIP-193's \`ErrorInfo.reason\`, so nothing that reads
\`code\` changes.

Should a third party need problem details, the catalogue maps onto them one to one:

- \`type\`: \`docs/errors.md#<code>\` (the class for an answer without \`reason\`);
- \`title\`: the class (\`conflict\`, \`not_found\`…);
- \`status\`: the code's HTTP status;
- \`detail\`: \`message\`;
- extension members: the fields of \`details\`.
`;

/** One code, as a section: what answers it and with what. */
function section(name: string, spec: CataloguedError): string[] {
  return [
    `### \`${name}\``,
    '',
    `- Status ${spec.status}, class \`${spec.class}\`, ${spec.classOnly ? 'answered by its class alone' : 'named in `reason`'}`,
    `- Message: ${code(messagePattern(spec))}`,
    `- Details: ${code(typeOf(spec.details))}`,
    ...(spec.visitor === undefined ? [] : [`- A visitor is shown: ${spec.visitor}`]),
    `- Routes: ${routesOf(spec)}`,
    '',
  ];
}

/** docs/errors.md. */
export function renderErrorsDoc(): string {
  const entries = Object.entries(API_ERRORS) as [string, CataloguedError][];
  return [
    '# API errors',
    '',
    '<!-- Written by `npm run docs:errors -w api` from shared/contracts/api/errors.ts: edit the catalogue. -->',
    '',
    'Every error the API answers is in one catalogue, `shared/contracts/api/errors.ts`: the API raises',
    "errors only from it (`apiError('box_sold_out', { … })`, typed so the details must match), and clients",
    "branch on its codes (`isApiError(error, 'box_sold_out')` from `@arttoy/shared/http`), never on a",
    'message.',
    '',
    "An error answer is `{ error: { code, reason?, message, details? } }` with the code's HTTP status:",
    '',
    '- `code` is the class:',
    ...API_ERROR_CODES.map((name) => `  \`${name}\`${name === API_ERROR_CODES.at(-1) ? ';' : ','}`),
    '- `reason` names the exact code of a refusal. A 401, a 404, a request refused by validation or a',
    '  limit, an outage or a fault is answered by its class alone: the class is all a client acts on;',
    '- `message` says what happened and what to do, for a developer (values appear as `{name}` below);',
    "- `details` carries the code's details, typed below.",
    '',
    "A visitor never reads a message written for developers: the site's pages show their own words, or",
    "`visitorMessage(error)` from `@arttoy/shared/http`, which is a code's visitor copy where it has one",
    '(below), else the message.',
    '',
    'The OpenAPI document (`/api/openapi.json`) lists the codes of each error response of each route',
    'in `x-error-codes`. Errors of the web framework itself (a body that is not JSON, a media type a',
    'route does not take) keep its message under their class.',
    '',
    '## Codes',
    '',
    ...entries.flatMap(([name, spec]) => section(name, spec)),
    RFC_9457,
  ].join('\n');
}
