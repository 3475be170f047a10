import type { ReactElement } from 'react';
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

/** Where and how a component under test is rendered. */
type RenderOptions = {
  /** Allowed to sweep unless false. */
  allowed?: boolean;
  /** Routes of the app, e.g. the plugin's page or the catalog's entity page. */
  mountedRoutes?: Record<string, RouteRef>;
  /** Where the app is when the component shows. */
  at?: string;
};

/** Renders `element` in a test app whose cape-labels API is `api`. */
export async function renderWithApi(
  api: MockCapeLabelsApi,
  element: ReactElement,
  options: RenderOptions = {},
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
      {element}
    </TestApiProvider>,
    {
      mountedRoutes: options.mountedRoutes,
      routeEntries: options.at ? [options.at] : undefined,
    },
  );
}

/** Renders the card on `api`, polling every `pollIntervalMs` (20 ms unless given). */
export async function renderCard(
  api: MockCapeLabelsApi,
  options: RenderOptions & { pollIntervalMs?: number } = {},
) {
  return renderWithApi(
    api,
    <CapeLabelsCard pollIntervalMs={options.pollIntervalMs ?? 20} />,
    options,
  );
}
