import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { capeLabelsApiRef } from '../api';
import { CapeLabelsCard } from '../components/CapeLabelsCard';
import { MockCapeLabelsApi } from './fixtures';

/** Renders the card on `api`, allowed to sweep unless `allowed` is false. */
export async function renderCard(
  api: MockCapeLabelsApi,
  options: { allowed?: boolean; pollIntervalMs?: number } = {},
) {
  const permissionApi = mockApis.permission({
    authorize:
      options.allowed === false ? AuthorizeResult.DENY : AuthorizeResult.ALLOW,
  });
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [capeLabelsApiRef, api],
        [permissionApiRef, permissionApi],
      ]}
    >
      <CapeLabelsCard pollIntervalMs={options.pollIntervalMs ?? 20} />
    </TestApiProvider>,
  );
}
