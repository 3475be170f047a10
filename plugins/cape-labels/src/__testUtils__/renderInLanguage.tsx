import type { ReactElement } from 'react';
import { mockApis, renderInTestApp } from '@backstage/frontend-test-utils';
import { mockApis as legacyMockApis } from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { capeLabelsApiRef } from '../api';
import { rootRouteRef } from '../routes';
import type { MockCapeLabelsApi } from './fixtures';

/**
 * Renders `element` in a new-frontend-system test app whose language is `language`: the app
 * plugin's own translation API, which loads the messages the plugin ships for it.
 */
export async function renderInLanguage(
  language: string,
  api: MockCapeLabelsApi,
  element: ReactElement,
  options: { at?: string } = {},
) {
  return renderInTestApp(element, {
    apis: [
      [capeLabelsApiRef, api],
      [
        permissionApiRef,
        legacyMockApis.permission({ authorize: AuthorizeResult.ALLOW }),
      ],
      mockApis.appLanguage({
        defaultLanguage: language,
        availableLanguages: ['en', language],
      }),
    ],
    mountedRoutes: { '/': rootRouteRef },
    initialRouteEntries: options.at ? [options.at] : undefined,
  });
}
