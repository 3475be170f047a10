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

/** Takes the parameter by position, its name checked by the compiler, which also checks the bounds. */
const integerQuery = <N extends string>(
  parameter: { readonly name: N; readonly schema: IntegerRule },
  _name: NoInfer<N>,
): IntegerRule => parameter.schema;

const { paths } = spec;
export const RUN_LIST_LIMIT = integerQuery(
  paths['/towers/{towerId}/runs'].get.parameters[1],
  'limit',
);
export const TOP_SOURCES_DAYS = integerQuery(
  paths['/towers/{towerId}/top-sources'].get.parameters[1],
  'days',
);
const labels = paths['/runs/{runId}/labels'].get.parameters;
export const OUTCOME_PAGE_LIMIT = integerQuery(labels[1], 'limit');
export const OUTCOME_PAGE_OFFSET = integerQuery(labels[2], 'offset');

export const TOWER_ID = new RegExp(
  spec.components.parameters.towerId.schema.pattern,
);
export const RUN_ID = new RegExp(spec.components.schemas.RunId.pattern);

export const KEY_MAX_LENGTH = spec.components.parameters.key.schema.maxLength;
export const SEARCH_MAX_LENGTH =
  spec.components.parameters.search.schema.maxLength;

export const LABEL_ACTION_VALUES = spec.components.schemas.LabelAction.enum;
export const OUTCOME_REASON_VALUES = spec.components.schemas.OutcomeReason.enum;
