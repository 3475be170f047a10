import type { RouteRef } from '@backstage/core-plugin-api';
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
  options: {
    allowed?: boolean;
    pollIntervalMs?: number;
    /** Routes of other plugins the app has, e.g. the catalog's entity page. */
    mountedRoutes?: Record<string, RouteRef>;
    /** Where the app is when the card shows. */
    at?: string;
  } = {},
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
    {
      mountedRoutes: options.mountedRoutes,
      routeEntries: options.at ? [options.at] : undefined,
    },
  );
}
