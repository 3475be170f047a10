import { startSimulator, type RunningSimulator } from '../http';
import { clock, FIXTURE } from './fixtureWorld';
import { login } from './testClient';

/**
 * The fixture world served for one describe block: started (and logged in to) before its
 * tests, stopped after them. The ids of its labels are in fixture order, its VMs by name.
 */
export function fixtureSimulator() {
  const served = {
    sim: undefined as unknown as RunningSimulator,
    token: '',
    labelIds: [] as string[],
    vmIds: {} as Record<string, string>,
  };
  beforeAll(async () => {
    served.sim = await startSimulator({ scenario: FIXTURE, clock });
    served.token = await login(served.sim.url);
    served.labelIds = served.sim.admin.labels().map(l => l.id);
    served.vmIds = Object.fromEntries(
      served.sim.admin.vms().map(v => [v.name, v.id]),
    );
  });
  afterAll(() => served.sim.stop());
  return served;
}
