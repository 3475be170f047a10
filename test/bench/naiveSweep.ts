/* eslint-disable no-console */
/** The naive baseline: list everything, then delete one label at a time. */
import { performance } from 'node:perf_hooks';
import { sweptKeys } from '../../plugins/cape-labels-backend/src/config/types';
import { MIN_AGE, PAGE_SIZE, USER, type Sim } from './benchWorld';

// ---------------------------------------------------------------- naive baseline (benchmark only)

async function gql(
  url: string,
  token: string | undefined,
  query: string,
  variables: object,
): Promise<any> {
  const res = await fetch(`${url}/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** List everything (keyset, one page at a time), then one deleteLabel per orphan, one request at a time. */
export async function runNaive(sim: Sim, sample: number | undefined) {
  await sim.call('reload');
  const keys = sweptKeys('cape');
  const cutoff = Date.now() - MIN_AGE.as('milliseconds');
  const t0 = performance.now();
  const login = await gql(
    sim.url,
    undefined,
    'mutation($d: LoginInput!){ login(data: $d) { token } }',
    { d: USER },
  );
  const token: string = login.login.token;
  const tList = performance.now();
  const orphans: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const where = {
      AND: [{ key_in: keys }, ...(cursor ? [{ id_gt: cursor }] : [])],
    };
    const data = await gql(
      sim.url,
      token,
      'query($w: LabelWhereInput, $f: Int){ labels(where: $w, orderBy: id_ASC, first: $f) { id key value createdAt total_num } }',
      { w: where, f: PAGE_SIZE },
    );
    pages++;
    for (const l of data.labels)
      if (l.total_num === 0 && Date.parse(l.createdAt) <= cutoff)
        orphans.push(l.id);
    if (data.labels.length < PAGE_SIZE) break;
    cursor = data.labels[data.labels.length - 1].id;
  }
  const listMs = performance.now() - tList;
  const n =
    sample === undefined ? orphans.length : Math.min(sample, orphans.length);
  const tDel = performance.now();
  for (let i = 0; i < n; i++) {
    await gql(
      sim.url,
      token,
      'mutation($w: LabelWhereUniqueInput!){ deleteLabel(where: $w) { id } }',
      { w: { id: orphans[i] } },
    );
  }
  const deleteMs = performance.now() - tDel;
  const tOut = performance.now();
  await gql(sim.url, token, 'mutation { logout }', {});
  const sessionMs = tList - t0 + (performance.now() - tOut);
  const perDeleteMs = deleteMs / Math.max(1, n);
  const extrapolated = n < orphans.length;
  const wallMs = sessionMs + listMs + perDeleteMs * orphans.length;
  return {
    wallMs,
    measuredMs: performance.now() - t0,
    listMs,
    pages,
    orphans: orphans.length,
    deletesTimed: n,
    perDeleteMs,
    extrapolated,
  };
}
