import { spec } from './openapi.generated';

/*
 * Read from openapi.yaml so that the input the validated router does not see (the actions', the
 * events') is checked against the same rules, written once.
 */

export type IntegerRule = {
  readonly minimum: number;
  readonly maximum: number;
  readonly default: number;
};

type QueryPath =
  | '/towers/{towerId}/runs'
  | '/towers/{towerId}/top-sources'
  | '/runs/{runId}/labels';

type LooseParameter = {
  $ref?: string;
  name?: string;
  schema?: {
    $ref?: string;
    minimum?: unknown;
    maximum?: unknown;
    default?: unknown;
  };
};

function integerQuery(path: QueryPath, name: string): IntegerRule {
  const parameters: readonly LooseParameter[] = spec.paths[path].get.parameters;
  const schema = parameters.find(p => p.name === name)?.schema;
  const { minimum, maximum, default: fallback } = schema ?? {};
  if (
    typeof minimum !== 'number' ||
    typeof maximum !== 'number' ||
    typeof fallback !== 'number'
  )
    throw new Error(
      `openapi.yaml gives GET ${path} no bounded integer ${name}`,
    );
  return { minimum, maximum, default: fallback };
}

export const RUN_LIST_LIMIT = integerQuery('/towers/{towerId}/runs', 'limit');
export const TOP_SOURCES_DAYS = integerQuery(
  '/towers/{towerId}/top-sources',
  'days',
);
export const OUTCOME_PAGE_LIMIT = integerQuery('/runs/{runId}/labels', 'limit');
export const OUTCOME_PAGE_OFFSET = integerQuery(
  '/runs/{runId}/labels',
  'offset',
);

export const TOWER_ID = new RegExp(
  spec.components.parameters.towerId.schema.pattern,
);
export const RUN_ID = new RegExp(spec.components.schemas.RunId.pattern);

export const KEY_MAX_LENGTH = spec.components.parameters.key.schema.maxLength;
export const SEARCH_MAX_LENGTH =
  spec.components.parameters.search.schema.maxLength;

export const LABEL_ACTION_VALUES = spec.components.schemas.LabelAction.enum;
export const OUTCOME_REASON_VALUES = spec.components.schemas.OutcomeReason.enum;
