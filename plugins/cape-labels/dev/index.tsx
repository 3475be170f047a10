import { createDevApp } from '@backstage/dev-utils';
import { capeLabelsApiRef, capeLabelsPlugin, CapeLabelsCard } from '../src';
import { FakeCapeLabelsApi } from './fakeCapeLabelsApi';

// `backstage-cli package start` runs this on its own, without a backend:
// the card talks to an in-memory fake. Use packages/app for the real thing.
createDevApp()
  .registerPlugin(capeLabelsPlugin)
  .registerApi({
    api: capeLabelsApiRef,
    deps: {},
    factory: () => new FakeCapeLabelsApi(),
  })
  .addPage({
    element: (
      <div style={{ padding: 24 }}>
        <CapeLabelsCard />
      </div>
    ),
    title: 'CAPE labels',
    path: '/cape-labels',
  })
  .render();
