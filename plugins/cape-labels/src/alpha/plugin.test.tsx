import { screen } from '@testing-library/react';
import { coreApis } from '@backstage/frontend-plugin-api';
import {
  createExtensionTester,
  mockApis,
  renderInTestApp,
  renderTestApp,
} from '@backstage/frontend-test-utils';
import capeLabelsPlugin, {
  capeLabelsPage,
  capeLabelsPlugin as legacyPlugin,
  CapeLabelsCard,
  CapeLabelsPage,
} from '../index';
import alphaPlugin from './index';
import { capeLabelsApiRef } from '../api';
import { mockCapeLabelsApi } from '../__testUtils__/fixtures';

describe('cape-labels frontend plugin', () => {
  it('has the api, page and home widget extensions', () => {
    expect(capeLabelsPlugin.pluginId).toBe('cape-labels');
    expect(capeLabelsPlugin.getExtension('api:cape-labels')).toBeDefined();
    expect(capeLabelsPlugin.getExtension('page:cape-labels')).toBeDefined();
    expect(
      capeLabelsPlugin.getExtension('home-page-widget:cape-labels/card'),
    ).toBeDefined();
  });

  it('is the default export of the main entry; ./alpha and the legacy exports stay', () => {
    expect(alphaPlugin).toBe(capeLabelsPlugin);
    expect(legacyPlugin.getId()).toBe('cape-labels');
    expect(CapeLabelsCard).toBeInstanceOf(Function);
    expect(CapeLabelsPage).toBeInstanceOf(Function);
  });

  it('names its package for the app (info.packageJson)', async () => {
    const { apis } = renderTestApp({
      features: [capeLabelsPlugin],
      apis: [[capeLabelsApiRef, mockCapeLabelsApi()]],
    });
    const { tree } = apis.get(coreApis.appTree)!.getTree();
    const installed = tree.nodes.get('page:cape-labels')!.spec.plugin;
    await expect(installed.info()).resolves.toMatchObject({
      packageName: '@smartx-cape/plugin-cape-labels',
    });
  });

  it('renders the card on its page', async () => {
    const api = mockCapeLabelsApi();
    await renderInTestApp(
      // the page's title is a message: the tester's own app needs a translation API
      createExtensionTester(capeLabelsPage, {
        apis: [mockApis.translation()],
      }).reactElement(),
      { apis: [[capeLabelsApiRef, api]] },
    );
    expect(
      await screen.findByTestId('cape-tower-prod-a-scanned'),
    ).toHaveTextContent('1,234');
    expect(screen.getByText('CAPE orphan labels')).toBeInTheDocument();
  });
});
