import type {
  DeletedLabel,
  LabelTruth,
  RequestLogEntry,
} from '@smartx-cape/cloudtower-simulator';
import type { LabelOutcome, Run } from '@smartx-cape/plugin-cape-labels-common';
import type { BuiltWorld } from './world';
import { OTHER_RELATIONS, T0 } from './worldSpec';

export type Observation = {
  world: BuiltWorld;
  run: Run;
  outcomes: LabelOutcome[];
  /** The simulator's deleted-label log (every deletion in this world was the sweeper's). */
  deleted: DeletedLabel[];
  /** Labels alive after the sweep (ground truth). */
  after: LabelTruth[];
  /** Labels whose references a concurrent action changed. */
  touched: Set<string>;
  /** Labels an earlier run (confirmAfter) saw as candidates, or undefined when confirmation is off. */
  confirmed?: Set<string>;
  /** What the sweeper audited (onDeleted) during this run. */
  audited: LabelOutcome[];
  /** Only for HTTP worlds. */
  requestLog?: RequestLogEntry[];
};

/** Returns every broken rule (empty: all hold). Collects rather than throws, for a readable counter-example. */
export function violations(o: Observation): string[] {
  const out: string[] = [];
  const { world, run, outcomes, deleted } = o;
  const { tower } = world.spec;
  const fail = (msg: string) => out.push(msg);
  const keys = new Set(world.keys);

  // ---- every relation checked: the probe of a Tower refusing introspection finds them all ----
  if (o.requestLog && run.relations) {
    const unchecked = OTHER_RELATIONS.filter(
      r => !run.relations!.checked.includes(r),
    );
    if (unchecked.length)
      fail(`relations not checked: ${unchecked.join(', ')}`);
    const source = tower.refusesIntrospection ? 'probe' : 'introspection';
    if (run.relations.source !== source)
      fail(`relations read by ${run.relations.source}, not ${source}`);
  }

  // ---- never deleted ----------------------------------------------------------------------
  if (tower.dryRun || run.dryRun) {
    if (deleted.length)
      fail(`dry run deleted ${deleted.map(d => d.id).join(', ')}`);
    const mutations = (o.requestLog ?? []).filter(e =>
      e.rootFields.includes('deleteManyLabels'),
    );
    if (mutations.length)
      fail(`dry run sent ${mutations.length} deleteManyLabels`);
  }
  for (const d of deleted) {
    const what = `deleted ${d.id} ${JSON.stringify(d.key)}=${JSON.stringify(d.value)}`;
    for (const [relation, ids] of Object.entries(d.references))
      fail(`${what} while held by ${relation} ${ids.join(',')}`);
    if (!keys.has(d.key)) fail(`${what}: key outside ${[...keys].join(',')}`);
    if (Date.parse(d.createdAt) > world.cutoffMs)
      fail(
        `${what}: created ${d.createdAt}, after the cutoff ${new Date(world.cutoffMs).toISOString()}`,
      );
    if (o.confirmed && !o.confirmed.has(d.id))
      fail(`${what}: not confirmed by an earlier run`);
    if (o.requestLog && d.via !== 'deleteManyLabels')
      fail(`${what} via ${d.via}`);
    if (world.refusing.has(d.id))
      fail(`${what}, which an Everoute security policy uses`);
    if (world.held.has(d.id))
      fail(`${what}, which an object without a relation on Label names`);
  }

  // ---- always deleted (or kept refused, when Tower refuses it) ----------------------------------
  const deletedIds = new Set(deleted.map(d => d.id));
  const outcomeOf = new Map(outcomes.map(x => [x.labelId, x]));
  if (!tower.dryRun && tower.maxDeletes >= 5000 && tower.confirmAfterMs === 0) {
    for (const t of world.initial.values()) {
      const orphan =
        keys.has(t.key) &&
        Date.parse(t.createdAt) <= world.cutoffMs &&
        t.total_num === 0 &&
        Object.keys(t.references).length === 0 &&
        !o.touched.has(t.id) &&
        !world.held.has(t.id);
      if (!orphan) continue;
      if (world.refusing.has(t.id)) {
        const reason = outcomeOf.get(t.id)?.reason;
        if (reason !== 'refused')
          fail(
            `orphan ${t.id} Tower refuses to delete was not kept refused (${reason})`,
          );
      } else if (!deletedIds.has(t.id))
        fail(
          `orphan ${t.id} ${t.key}=${JSON.stringify(t.value)} was not deleted`,
        );
    }
  }

  // ---- the record matches Tower ---------------------------------------------------------------
  const ids = outcomes.map(x => x.labelId);
  if (new Set(ids).size !== ids.length) fail('a label has two outcomes');
  const recordedDeleted = outcomes
    .filter(x => x.action === 'deleted')
    .map(x => x.labelId)
    .sort();
  const towerDeleted = [...deletedIds].sort();
  if (JSON.stringify(recordedDeleted) !== JSON.stringify(towerDeleted)) {
    fail(
      `recorded deleted [${recordedDeleted}] != deleted on Tower [${towerDeleted}]`,
    );
  }
  const audited = o.audited.map(x => x.labelId).sort();
  if (JSON.stringify(audited) !== JSON.stringify(recordedDeleted))
    fail(`audited [${audited}] != recorded deleted`);
  const count = (a: LabelOutcome['action']) =>
    outcomes.filter(x => x.action === a).length;
  const c = run.counts;
  if (c.deleted !== count('deleted'))
    fail(`counts.deleted ${c.deleted} != ${count('deleted')} outcomes`);
  if (c.kept !== count('kept'))
    fail(`counts.kept ${c.kept} != ${count('kept')} outcomes`);
  if (c.failed !== count('failed'))
    fail(`counts.failed ${c.failed} != ${count('failed')} outcomes`);
  if (c.scanned !== outcomes.length)
    fail(`counts.scanned ${c.scanned} != ${outcomes.length} outcomes`);
  if (
    c.candidates > c.scanned ||
    c.candidates < c.deleted + count('would-delete')
  )
    fail(`counts.candidates ${c.candidates} out of range`);
  if (!tower.dryRun && count('would-delete'))
    fail('would-delete in a real run');
  if (tower.dryRun && c.deleted) fail('deleted in a dry run');

  // Every outcome is about a swept label, with the exact strings Tower holds.
  const truthOf = (id: string) =>
    world.initial.get(id) ??
    o.after.find(t => t.id === id) ??
    deleted.find(d => d.id === id);
  for (const x of outcomes) {
    const t = truthOf(x.labelId);
    if (!t) fail(`outcome for unknown label ${x.labelId}`);
    else if (
      t.key !== x.key ||
      t.value !== x.value ||
      Date.parse(t.createdAt) !== Date.parse(x.createdAt)
    ) {
      fail(
        `outcome ${x.labelId} records ${JSON.stringify([x.key, x.value, x.createdAt])}, Tower has ${JSON.stringify([t.key, t.value, t.createdAt])}`,
      );
    }
    if (!keys.has(x.key)) fail(`outcome for a non-swept key ${x.key}`);
    if (x.reason === 'young' && Date.parse(x.createdAt) <= world.cutoffMs)
      fail(`${x.labelId} kept young but old enough`);
    if (x.action === 'would-delete' && world.held.has(x.labelId))
      fail(
        `${x.labelId} would be deleted, but an object without a relation on Label names it`,
      );
    if (x.reason === 'refused' && !world.refusing.has(x.labelId))
      fail(`${x.labelId} kept refused, but Tower does not refuse it`);
  }
  // Every swept label of the initial world was listed (nothing else deletes labels).
  const recorded = new Set(ids);
  for (const t of world.initial.values()) {
    if (keys.has(t.key) && !recorded.has(t.id))
      fail(`swept label ${t.id} has no outcome`);
  }

  // ---- status ----------------------------------------------------------------------------------
  const capped = outcomes.some(x => x.reason === 'cap');
  const expected = count('failed') || capped ? 'partial' : 'succeeded';
  if (run.status !== expected)
    fail(
      `status ${run.status}, expected ${expected} (${JSON.stringify(run.error)})`,
    );
  // A cap slot is reserved before the delete and kept when the label races (conservative: the
  // reservations are what bound the cap across concurrent batches), so a capped run may delete fewer.
  // A label CAPE attached after the live check is left by the guard and named for what holds it.
  const reserved = outcomes.filter(
    x =>
      x.action === 'deleted' ||
      x.action === 'would-delete' ||
      x.reason === 'raced' ||
      x.reason === 'refused' ||
      x.action === 'failed' ||
      ((x.reason === 'referenced' || x.reason === 'count-nonzero') &&
        o.touched.has(x.labelId)),
  ).length;
  if (capped && reserved < tower.maxDeletes)
    fail(`cap hit with only ${reserved} of ${tower.maxDeletes} reserved`);
  if (count('deleted') + count('would-delete') > tower.maxDeletes)
    fail('more than maxDeletesPerRun');
  if (Date.parse(run.startedAt) !== T0)
    fail(`run started ${run.startedAt}, not at the pinned T0`);
  return out;
}
