/**
 * Response serialization compiled once per route and status: each response's zod schema is turned
 * into JSON Schema at start-up and compiled with fast-json-stringify (the serializer fastify itself
 * uses), instead of parsing every answer with zod and then running JSON.stringify on it, which
 * costs a large share of a catalogue read's time. Like zod's output, the compiled serializer
 * writes only the properties the schema names (rows with extra columns never leak them). A schema
 * JSON Schema cannot express keeps zod's serializer.
 */
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * No names or descriptions: the schemas the OpenAPI document names as components (zod's global
 * registry, plugins/openapi-components.ts) are written inline here, so naming one never changes
 * how an answer is serialized.
 */
const NO_METADATA = z.registry<Record<string, unknown>>();

/** JSON Schema (draft 7) of what the zod schema outputs, or null when it has parts JSON Schema cannot say. */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      metadata: NO_METADATA,
    });
    return jsonSchema;
  } catch {
    return null;
  }
}

export const compiledSerializerCompiler = (route: SerializerCompiler) => {
  const schema = zodSchemaOf(route.schema);
  const jsonSchema = schema && outputJsonSchema(schema);
  if (!jsonSchema) return zodSerializerCompiler(route);
  return fastJson(jsonSchema) as (data: unknown) => string;
};
