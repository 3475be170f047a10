import { createDevApp } from '@backstage/dev-utils';
import { Box } from '@backstage/ui';
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
      <Box p="6">
        <CapeLabelsCard />
      </Box>
    ),
    title: 'CAPE labels',
    path: '/cape-labels',
  })
  .render();
