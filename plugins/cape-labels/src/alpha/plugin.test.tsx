import { screen, within } from '@testing-library/react';
import { coreApis } from '@backstage/frontend-plugin-api';
import {
  createExtensionTester,
  mockApis,
  renderInTestApp,
  renderTestApp,
} from '@backstage/frontend-test-utils';
import * as main from '../index';
import capeLabelsPlugin, { capeLabelsPage } from './index';
import { capeLabelsApiRef } from '../api';
import { mockCapeLabelsApi } from '../__testUtils__/fixtures';
import { figure, findTowerRow } from '../__testUtils__/queries';

describe('cape-labels frontend plugin', () => {
  it('has the api, page and home widget extensions', () => {
    expect(capeLabelsPlugin.pluginId).toBe('cape-labels');
    expect(capeLabelsPlugin.getExtension('api:cape-labels')).toBeDefined();
    expect(capeLabelsPlugin.getExtension('page:cape-labels')).toBeDefined();
    expect(
      capeLabelsPlugin.getExtension('home-page-widget:cape-labels/card'),
    ).toBeDefined();
  });

  it('is the default export of ./alpha only; the main entry serves the legacy system', () => {
    expect(capeLabelsPlugin.$$type).toBe('@backstage/FrontendPlugin');
    expect(main).not.toHaveProperty('default');
    expect(main.capeLabelsPlugin.getId()).toBe('cape-labels');
    expect(main.CapeLabelsCard).toBeInstanceOf(Function);
    expect(main.CapeLabelsPage).toBeInstanceOf(Function);
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
      within(figure(await findTowerRow('Production A'), 'scanned')).getByText(
        '1,234',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('CAPE orphan labels')).toBeInTheDocument();
  });
});
