import type { internal } from '@backstage/backend-openapi-utils';
import type { z as zod } from 'zod/v3';
import { spec } from '../schema/openapi.generated';

/*
 * The registry parses every output with zod v3, dropping fields it does not name: these schemas are
 * built from openapi.yaml's answers (zod 4's converter builds zod 4, which the registry cannot
 * read), in shape and descriptions only, since ranges and patterns are the requests' checks.
 */

type Z = typeof zod;
type Doc = typeof spec;
type Paths = Doc['paths'];

type JsonSchema = {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: { readonly [name: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly allOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
};

const components: Record<string, JsonSchema> = spec.components.schemas;

function resolved(schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const target = components[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`openapi.yaml has no schema ${schema.$ref}`);
  return resolved(target);
}

function objectOf(z: Z, schema: JsonSchema): zod.ZodTypeAny {
  if (typeof schema.additionalProperties === 'object')
    return z.record(zodOf(z, schema.additionalProperties));
  const parts = [schema, ...(schema.allOf ?? []).map(resolved)];
  const required = new Set(parts.flatMap(p => p.required ?? []));
  const shape: zod.ZodRawShape = {};
  for (const part of parts)
    for (const [name, field] of Object.entries(part.properties ?? {})) {
      const type = zodOf(z, field);
      shape[name] = required.has(name) ? type : type.optional();
    }
  return z.object(shape);
}

const TYPES: Record<string, (z: Z, schema: JsonSchema) => zod.ZodTypeAny> = {
  object: objectOf,
  array: (z, { items }) => z.array(zodOf(z, items ?? {})),
  string: z => z.string(),
  integer: z => z.number().int(),
  number: z => z.number(),
  boolean: z => z.boolean(),
  null: z => z.null(),
};

function typeOf(z: Z, schema: JsonSchema, type: string): zod.ZodTypeAny {
  const make = TYPES[type];
  if (!make) throw new Error(`openapi.yaml has a schema of type ${type}`);
  return make(z, schema);
}

function undescribedZodOf(z: Z, schema: JsonSchema): zod.ZodTypeAny {
  // A run recorded by a newer release during a rolling upgrade may hold a code this one does not know.
  if (isStringEnum(schema.enum)) return z.string();
  if (schema.allOf) return objectOf(z, schema);
  const literals = schema.const === undefined ? schema.enum : [schema.const];
  const [first, second, ...rest] =
    literals?.map(v => z.literal(v as zod.Primitive)) ??
    schema.oneOf?.map(m => zodOf(z, m)) ??
    [schema.type ?? []].flat().map(t => typeOf(z, schema, t));
  if (!first)
    throw new Error('openapi.yaml has a schema without type or values');
  return second ? z.union([first, second, ...rest]) : first;
}

function isStringEnum(
  values: readonly unknown[] | undefined,
): values is readonly string[] {
  return values !== undefined && values.every(v => typeof v === 'string');
}

function zodOf(z: Z, schema: JsonSchema): zod.ZodTypeAny {
  const target = resolved(schema);
  const type = undescribedZodOf(z, target);
  const words = schema.description ?? target.description;
  const values = isStringEnum(target.enum)
    ? `One of: ${target.enum.join(', ')}.`
    : undefined;
  const description = [words, values].filter(Boolean).join(' ');
  return description ? type.describe(description) : type;
}

type Method<P extends keyof Paths> = Extract<keyof Paths[P], 'get' | 'post'>;

type Status<P extends keyof Paths, M extends Method<P>> = Extract<
  keyof internal.ResponseSchemas<Doc, P, M>,
  '200' | '202'
>;

type AnswerSchema<
  P extends keyof Paths,
  M extends Method<P>,
  S extends Status<P, M>,
  E extends zod.ZodRawShape,
  T = internal.ToTypeSafe<internal.ResponseSchemas<Doc, P, M>[S]> &
    zod.objectOutputType<E, zod.ZodTypeAny>,
> = zod.ZodObject<zod.ZodRawShape, 'strip', zod.ZodTypeAny, T, T>;

type Answer = {
  $ref?: string;
  content?: Record<string, { schema: JsonSchema }>;
};

const operations: Record<
  string,
  Record<string, { responses: Record<string, Answer> }>
> = spec.paths;

export function answerSchema<
  P extends keyof Paths,
  M extends Method<P>,
  S extends Status<P, M>,
  E extends zod.ZodRawShape = Record<never, never>,
>(z: Z, method: M, path: P, status: S, fields?: E): AnswerSchema<P, M, S, E> {
  const response = operations[path]?.[method]?.responses[status];
  const schema = response?.content?.['application/json']?.schema;
  const answer = schema && zodOf(z, schema);
  if (!(answer instanceof z.ZodObject))
    throw new Error(
      `openapi.yaml: ${method} ${path} answers no JSON object with ${status}`,
    );
  return answer.extend(fields ?? {}) as AnswerSchema<P, M, S, E>;
}
