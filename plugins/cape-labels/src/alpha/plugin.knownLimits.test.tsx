import { createExtensionTester } from '@backstage/frontend-test-utils';
import { homePageWidgetDataRef } from '@backstage/plugin-home-react/alpha';
import { capeLabelsFrontendPlugin, capeLabelsHomeWidget } from './plugin';

/*
 * README, Known limits: two texts stay English in every language. The home plugin's widget
 * blueprint and the plugin's own title take plain strings, not translation messages.
 */
describe('texts that stay English in every language (known limit)', () => {
  it("the home widget's title and description and the plugin's title are plain strings", () => {
    const widget = createExtensionTester(capeLabelsHomeWidget).get(
      homePageWidgetDataRef,
    );
    expect(widget).toMatchObject({
      title: 'CAPE orphan labels',
      description: 'Orphan CAPE labels swept per CloudTower, with last runs',
    });
    expect(capeLabelsFrontendPlugin.title).toBe('CAPE labels');
  });
});
