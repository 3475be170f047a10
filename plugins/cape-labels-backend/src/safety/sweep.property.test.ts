import fc from 'fast-check';
import {
  createWorldRunner,
  type Mode,
  type WorldRunner,
} from './__testUtils__/runner';
import { REGRESSION_WORLDS } from './__testUtils__/regressionWorlds';
import { worldArb, type WorldSpec } from './__testUtils__/worldSpec';

/*
 * Random worlds (labels of every kind of key and prefix, ages seconds either side of the
 * cutoff, VMs in and out of the recycle bin, objects of every other relation of Label —
 * snapshots, templates, policies, hosts, ... —, lagging / stale / null counters) swept while "CAPE" acts on Tower between the sweeper's requests. After every
 * sweep the simulator's ground truth is checked against the deletion rules (oracle.ts).
 *
 * Budget (2 shared cores): HTTP worlds go through the real client, simulator and guard;
 * in-memory worlds run the same engine, sweeper and SQLite store over memoryClient().
 */
const MEMORY_WORLDS = Number(process.env.SAFETY_MEMORY_WORLDS ?? 1000);
const HTTP_WORLDS = Number(process.env.SAFETY_HTTP_WORLDS ?? 400);

describe('sweep safety properties (random worlds, concurrent CAPE actions)', () => {
  let runner: WorldRunner;
  beforeAll(async () => {
    runner = await createWorldRunner();
  });
  afterAll(async () => {
    await runner?.stop();
    // eslint-disable-next-line no-console
    console.log(
      `safety worlds swept: ${runner?.counts.http} over HTTP, ${runner?.counts.memory} in memory, ` +
        `${JSON.stringify(runner?.counts)} (mutants included)`,
    );
  });

  const property = (mode: Mode) =>
    fc.asyncProperty(worldArb(), async (spec: WorldSpec) => {
      const { problems, observation } = await runner.check(spec, mode);
      if (problems.length) {
        const o = observation;
        throw new Error(
          `${problems.join('\n')}\nrun: ${JSON.stringify({ status: o.run.status, counts: o.run.counts, error: o.run.error })}` +
            `\noutcomes: ${JSON.stringify(o.outcomes.map(x => [x.labelId, x.action, x.reason]))}`,
        );
      }
    });

  // The oracle has teeth: a Tower whose live check or guard ignores VMs (or age) is caught;
  // 'guard-ignores-vms' is caught only through a CAPE attach between the check and the delete.
  // 'vms-only' is the client before every relation was checked: a snapshot, template, host ...
  // holding a label whose counter lags. 'ignore-holders' is a Tower before its security groups and
  // policies' selectors were read.
  it.each([
    'ignore-vms',
    'ignore-age',
    'guard-ignores-vms',
    'vms-only',
    'ignore-holders',
  ] as const)(
    'finds a counter-example against a %s mutant',
    async mutant => {
      const result = await fc.check(property(mutant), {
        numRuns: 300,
        seed: 42,
      });
      expect(result.failed).toBe(true);
      expect(String(result.errorInstance)).toMatch(
        {
          'ignore-vms': /held by vms/,
          'guard-ignores-vms': /held by vms/,
          'vms-only': /held by (?!vms)\w+/,
          'ignore-age': /cutoff|records/,
          'ignore-holders': /without a relation on Label names/,
        }[mutant],
      );
    },
    120_000,
  );

  it.each(REGRESSION_WORLDS)(
    'regression: $found',
    async ({ world, mode }) => {
      const { problems } = await runner.check(world, mode);
      expect(problems).toEqual([]);
      expect(runner.counts[mode]).toBeGreaterThan(0);
    },
    120_000,
  );

  it(`holds for ${MEMORY_WORLDS} in-memory worlds`, async () => {
    await fc.assert(property('memory'), { numRuns: MEMORY_WORLDS, verbose: 1 });
    expect(runner.counts.memory).toBeGreaterThanOrEqual(MEMORY_WORLDS);
  }, 300_000);

  it(`holds for ${HTTP_WORLDS} worlds over real HTTP`, async () => {
    await fc.assert(property('http'), { numRuns: HTTP_WORLDS, verbose: 1 });
    expect(runner.counts.http).toBeGreaterThanOrEqual(HTTP_WORLDS);
  }, 300_000);
});
