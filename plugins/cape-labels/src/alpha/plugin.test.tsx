import { screen } from '@testing-library/react';
import {
  createExtensionTester,
  renderInTestApp,
} from '@backstage/frontend-test-utils';
import capeLabelsPlugin, { capeLabelsPage } from './index';
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

  it('renders the card on its page', async () => {
    const api = mockCapeLabelsApi();
    await renderInTestApp(
      createExtensionTester(capeLabelsPage).reactElement(),
      { apis: [[capeLabelsApiRef, api]] },
    );
    expect(
      await screen.findByTestId('cape-tower-prod-a-scanned'),
    ).toHaveTextContent('1234');
    expect(screen.getByText('CAPE orphan labels')).toBeInTheDocument();
  });
});
