import {
  DocumentNode,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  GraphQLSchema,
  Kind,
  OperationDefinitionNode,
} from 'graphql';
import { SimulatorError } from '../errors';
import { ArgsSummary, summarizeArgs } from '../requestLog';
import { parsedDocument } from './parsedDocuments';

/** An error as Tower sends it. */
export interface TowerErrorBody {
  message: string;
  code: string;
  path: (string | number)[] | null;
}

/** The same error with its code under `extensions` (as some Towers, and Apollo by default, send it). */
interface ExtensionsErrorBody {
  message: string;
  path: (string | number)[] | null;
  extensions: { code: string };
}

/** Errors with their code where this answer puts it: at the top (Tower's usual shape) or in extensions. */
export function shapeErrors(
  errors: TowerErrorBody[],
  codeAt: 'top' | 'extensions',
): (TowerErrorBody | ExtensionsErrorBody)[] {
  if (codeAt === 'top') return errors;
  return errors.map(({ code, message, path }) => ({
    message,
    path,
    extensions: { code },
  }));
}

export function formatError(e: GraphQLError): TowerErrorBody {
  const orig = e.originalError;
  let code = 'GRAPHQL_VALIDATION_FAILED';
  if (orig instanceof SimulatorError) code = orig.code;
  else if (orig) code = 'INTERNAL_SERVER_ERROR';
  return { message: e.message, code, path: e.path ? [...e.path] : null };
}

interface Analysis {
  document?: DocumentNode;
  operation?: OperationDefinitionNode;
  operationName: string | null;
  rootFields: string[];
  args: Record<string, ArgsSummary>;
  errors?: TowerErrorBody[];
}

/**
 * Parses and validates the request (once per query text: parsedDocuments.ts); finds the
 * operation, its root fields and their arguments.
 */
export function analyze(
  schema: GraphQLSchema,
  body: { query?: unknown; variables?: unknown; operationName?: unknown },
): Analysis {
  const operationName =
    typeof body.operationName === 'string' ? body.operationName : null;
  const a: Analysis = { operationName, rootFields: [], args: {} };
  if (typeof body.query !== 'string') {
    a.errors = [
      {
        message: 'Must provide query string.',
        code: 'GRAPHQL_PARSE_FAILED',
        path: null,
      },
    ];
    return a;
  }
  const parsed = parsedDocument(schema, body.query);
  if ('parseError' in parsed) {
    a.errors = [
      { message: parsed.parseError, code: 'GRAPHQL_PARSE_FAILED', path: null },
    ];
    return a;
  }
  a.document = parsed.document;
  const op = getOperationAST(a.document, operationName ?? undefined);
  if (op) {
    a.operation = op;
    a.operationName = operationName ?? op.name?.value ?? null;
    const rootType =
      op.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getQueryType();
    const vars =
      rootType &&
      getVariableValues(
        schema,
        op.variableDefinitions ?? [],
        (body.variables ?? {}) as Record<string, unknown>,
      );
    for (const sel of op.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      const name = sel.name.value;
      a.rootFields.push(name);
      const def = rootType?.getFields()[name];
      if (def && vars?.coerced) {
        try {
          a.args[sel.alias?.value ?? name] = summarizeArgs(
            getArgumentValues(def, sel, vars.coerced),
          );
        } catch {
          // invalid arguments: validation reports them
        }
      }
    }
  }
  if (parsed.validationErrors.length)
    a.errors = parsed.validationErrors.map(formatError);
  return a;
}
