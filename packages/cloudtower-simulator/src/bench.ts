/* eslint-disable no-console */
import './productionMode';
import { DEFAULT_PASSWORD, DEFAULT_USERNAME } from './auth';
import { startSimulator } from './http';
import { LABEL_RELATIONS } from './world';
import { DAY } from './time';

const KEYS = ['cape-cluster-name', 'cape-namespace', 'cape-vip'];

function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

function stats(samples: number[]): string {
  const f = (p: number) => pct(samples, p).toFixed(1);
  return `p50 ${f(50)} ms, p90 ${f(90)} ms, p99 ${f(99)} ms, max ${f(100)} ms (${samples.length} requests)`;
}

async function gql(
  url: string,
  token: string,
  query: string,
  variables: object,
): Promise<any> {
  const res = await fetch(`${url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The backend's live check of one batch: stored total_num, and per relation which ids it holds. */
const LIVE_CHECK = `query Live($ids: [ID!]) {
  labels(where: {id_in: $ids}) { id total_num }
  ${LABEL_RELATIONS.map(r => `r_${r.field}: labels(where: {AND: [{id_in: $ids}, {${r.field}_some: {}}]}) { id }`).join('\n  ')}
}`;

/** The guarded delete that checks every relation. */
const GUARDED_ALL = `mutation Del($ids: [ID!], $keys: [String!], $cutoff: DateTime) {
  deleteManyLabels(where: {AND: [{id_in: $ids}, {key_in: $keys}, {createdAt_lte: $cutoff}, {total_num: 0}, ${LABEL_RELATIONS.map(r => `{${r.field}_none: {}}`).join(', ')}]}) { count }
}`;

/** Times `send` on `count` batches of 1000 ids from batch `from` on; the first `warm` are not counted. */
async function timeBatches(
  ids: string[],
  from: number,
  count: number,
  warm: number,
  send: (batch: string[]) => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  for (let b = from; b < from + count && (b + 1) * 1000 <= ids.length; b++) {
    const t = performance.now();
    await send(ids.slice(b * 1000, (b + 1) * 1000));
    if (b - from >= warm) times.push(performance.now() - t);
  }
  return times;
}

async function main(): Promise<void> {
  const labels = Number(process.argv[2] ?? 100_000);
  console.log(
    `client and server in one process; NODE_ENV=${process.env.NODE_ENV ?? ''}`,
  );
  const t0 = performance.now();
  const sim = await startSimulator({ scenario: `large:${labels}` });
  const loadMs = performance.now() - t0;
  console.log(
    `load ${labels} labels (+${sim.admin.summary().vms} VMs): ${loadMs.toFixed(0)} ms`,
  );
  try {
    const login = await gql(
      sim.url,
      '',
      'mutation($d: LoginInput!){ login(data: $d) { token } }',
      {
        d: {
          username: DEFAULT_USERNAME,
          password: DEFAULT_PASSWORD,
          source: 'LOCAL',
        },
      },
    );
    const token: string = login.login.token;
    const page = `query Page($keys: [String!], $after: ID) {
      labels(where: {AND: [{key_in: $keys}, {id_gt: $after}]}, orderBy: id_ASC, first: 1000) { id key value createdAt total_num }
    }`;
    const pageTimes: number[] = [];
    // Round 0 warms the JIT up and is not counted.
    for (let round = 0; round < 4; round++) {
      let after = '';
      for (;;) {
        const t = performance.now();
        const data = await gql(sim.url, token, page, { keys: KEYS, after });
        if (round > 0) pageTimes.push(performance.now() - t);
        if (data.labels.length < 1000) break;
        after = data.labels[data.labels.length - 1].id;
      }
    }
    console.log(
      `1000-label keyset page (key_in 3 keys, id_gt, first 1000) over HTTP: ${stats(pageTimes)}`,
    );

    const all = sim.admin.labels().map(l => l.id);
    const live = await timeBatches(all, 0, 35, 5, batch =>
      gql(sim.url, token, LIVE_CHECK, { ids: batch }),
    );
    console.log(
      `1000-id live check (labels total_num + ${LABEL_RELATIONS.length} aliased <relation>_some queries) over HTTP: ${stats(live)}`,
    );

    const del = `mutation Del($ids: [ID!], $keys: [String!], $cutoff: DateTime) {
      deleteManyLabels(where: {AND: [{id_in: $ids}, {key_in: $keys}, {createdAt_lte: $cutoff}, {total_num: 0}, {vms_none: {}}]}) { count }
    }`;
    const ids = all;
    const cutoff = new Date(Date.now() - DAY).toISOString();
    const delTimes: number[] = [];
    let deleted = 0;
    // The first 5 calls warm up and are not counted.
    for (let i = 0; i + 1000 <= ids.length && delTimes.length < 60; i += 1000) {
      const t = performance.now();
      const data = await gql(sim.url, token, del, {
        ids: ids.slice(i, i + 1000),
        keys: KEYS,
        cutoff,
      });
      if (i >= 5000) delTimes.push(performance.now() - t);
      deleted += Number(data.deleteManyLabels.count);
    }
    console.log(
      `1000-id guarded deleteManyLabels over HTTP: ${stats(delTimes)}, ${deleted} labels deleted`,
    );
    const cutoffAll = new Date(Date.now() - DAY).toISOString();
    let deletedAll = 0;
    const guardTimes = await timeBatches(all, 65, 35, 5, async batch => {
      const data = await gql(sim.url, token, GUARDED_ALL, {
        ids: batch,
        keys: KEYS,
        cutoff: cutoffAll,
      });
      deletedAll += Number(data.deleteManyLabels.count);
    });
    console.log(
      `1000-id deleteManyLabels guarded by all ${LABEL_RELATIONS.length} <relation>_none over HTTP: ${stats(guardTimes)}, ${deletedAll} labels deleted`,
    );
  } finally {
    await sim.stop();
  }
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
