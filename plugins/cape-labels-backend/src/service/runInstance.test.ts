import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import os from 'node:os';
import { invokeAction } from '../actions/__testUtils__/invokeAction';
import { backendForDescribe } from './__testUtils__/testBackend';

/** What the backend's rootInstanceMetadata says its id is, read by another plugin. */
const seen = { instanceId: '' };
const instanceProbe = createBackendPlugin({
  pluginId: 'instance-probe',
  register(reg) {
    reg.registerInit({
      deps: { metadata: coreServices.rootInstanceMetadata },
      async init({ metadata }) {
        seen.instanceId = metadata.getId();
      },
    });
  },
});

describe("a run's backend instance", () => {
  const b = backendForDescribe({ features: [instanceProbe] });

  it("records rootInstanceMetadata's id beside the host:pid label, in the API and the actions", async () => {
    const run = await b.sweep('t1', { dryRun: true });
    expect(seen.instanceId).not.toBe('');
    expect(run.instanceId).toBe(seen.instanceId);
    expect(run.instance).toBe(`${os.hostname()}:${process.pid}`);

    const [summary] = await b.runs('t1');
    expect(summary.instanceId).toBe(seen.instanceId);
    const [tower] = await b.towers();
    expect(tower.lastRun?.instanceId).toBe(seen.instanceId);
    const listed = await invokeAction(b, 'list-tower-runs', { towerId: 't1' });
    expect(listed.body.output.items[0].instanceId).toBe(seen.instanceId);
  });
});
