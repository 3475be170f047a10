import type {
  ListResponse,
  OutcomePage,
  Run,
  RunSummary,
  SweepAccepted,
  SweepRequestBody,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { SpecAnswer, SpecRequestBody } from './specTypes';

/** `true` when every value of `Spec` is a value of `Client`; checked by tsc. */
type Fits<Spec, Client> = [Spec] extends [never]
  ? false
  : [Spec] extends [Client]
    ? true
    : false;

/**
 * The frontend client (plugins/cape-labels/src/api) reads answers as the common package's types
 * and sends its bodies as them: whatever the spec lets the backend answer must be a value of
 * those types, and what the client sends must be what the spec accepts. tsc fails otherwise.
 */
const clientTypesFollowTheSpec: [
  Fits<SpecAnswer<'/towers', 'get', '200'>, ListResponse<TowerSummary>>,
  Fits<
    SpecAnswer<'/towers/{towerId}/runs', 'get', '200'>,
    ListResponse<RunSummary>
  >,
  Fits<SpecAnswer<'/runs/{runId}', 'get', '200'>, Run>,
  Fits<SpecAnswer<'/runs/{runId}/labels', 'get', '200'>, OutcomePage>,
  Fits<SpecAnswer<'/towers/{towerId}/top-sources', 'get', '200'>, TopSources>,
  Fits<SpecAnswer<'/towers/{towerId}/sweep', 'post', '202'>, SweepAccepted>,
  Fits<
    Required<SweepRequestBody>,
    SpecRequestBody<'/towers/{towerId}/sweep', 'post'>
  >,
] = [true, true, true, true, true, true, true];

describe('the common types the frontend client uses', () => {
  it('follow the spec (checked by tsc)', () => {
    expect(clientTypesFollowTheSpec.every(Boolean)).toBe(true);
  });
});
