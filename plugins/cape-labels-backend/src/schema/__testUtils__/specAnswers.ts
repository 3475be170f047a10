import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { spec } from '../openapi.generated';

type Json = Record<string, unknown>;
type Answer = { status: number; type: string; body: unknown; text: string };

const document = spec as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: Json & { responses: Record<string, Json> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

function responseOf(path: string, method: string, status: number): Json {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`the spec has no ${method} ${path}`);
  const response = operation.responses[String(status)];
  if (!response)
    throw new Error(`the spec gives ${method} ${path} no ${status} answer`);
  const ref = response.$ref as string | undefined;
  return ref ? document.components.responses[ref.split('/').pop()!] : response;
}

function validatorFor(mediaSchema: Json, cacheKey: string): ValidateFunction {
  let validate = compiled.get(cacheKey);
  if (!validate) {
    // The schema's `#/components/...` refs resolve against this root.
    validate = ajv.compile({ ...mediaSchema, components: document.components });
    compiled.set(cacheKey, validate);
  }
  return validate;
}

/**
 * Problems of an HTTP answer measured against what the spec says `method path` answers with
 * that status: an undocumented status or media type, or a body its schema refuses. Empty = agrees.
 */
export function specProblems(
  path: string,
  method: string,
  answer: Answer,
): string[] {
  const response = responseOf(path, method, answer.status);
  const content = (response.content ?? {}) as Record<string, { schema: Json }>;
  const mediaType = answer.type.split(';')[0].trim();
  const media = content[mediaType];
  if (!media) return [`${mediaType} is not documented for ${answer.status}`];
  const body = mediaType === 'application/json' ? answer.body : answer.text;
  const validate = validatorFor(
    media.schema,
    `${method} ${path} ${answer.status} ${mediaType}`,
  );
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    e => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

/** Every `method path status` the spec documents. */
export function documentedAnswers(): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      Object.keys(operation.responses).map(
        status => `${method} ${path} ${status}`,
      ),
    ),
  );
}
