import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Responses written by a serializer compiled from each route's response schema (fast-json-stringify,
 * Fastify's own), instead of a zod encode then JSON.stringify on every call: on a list page the encode
 * walked and copied every row, a good part of the request's server time. The zod schema stays the one
 * source: it is turned into JSON Schema (what the OpenAPI document shows) when the route first
 * answers. Only the declared fields are written, as the zod encode kept only them; a required field
 * missing still fails the response. A schema JSON Schema cannot express (a transform, a custom
 * check) keeps the zod serializer.
 */
export const responseSerializerCompiler = (route: SerializerCompiler) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema) return zodSerializerCompiler(route);
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown): string => {
    stringify ??= compile(schema) ?? zodSerializerCompiler(route);
    return stringify(data);
  };
};

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

function compile(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return undefined;
  }
  delete json.$schema;
  return fastJson(simplified(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * `anyOf` branches that differ only in their constant (`0 | 1`, a union of literals) as one typed
 * schema: the serializer writes the value the same way, where an `anyOf` would make it test every
 * value against each branch first.
 */
export function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplified(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length > 0 && branches.every(isTypedConstant)) {
    const types = [...new Set(branches.map((b) => (b as JsonSchema).type as string))];
    delete out.anyOf;
    out.type = types.length === 1 ? types[0] : types;
    out.enum = branches.map((b) => (b as JsonSchema).const);
  }
  return out;
}

function isTypedConstant(branch: unknown): boolean {
  if (!branch || typeof branch !== 'object') return false;
  const keys = Object.keys(branch);
  return (
    keys.length === 2 &&
    keys.includes('type') &&
    keys.includes('const') &&
    typeof (branch as JsonSchema).type === 'string'
  );
}
