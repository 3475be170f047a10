import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  holdersDocument,
  holderTypesDocument,
  KNOWN_HOLDERS,
} from '../cloudtower/holders';
import * as ops from '../cloudtower/operations';
import {
  checkDocument,
  KNOWN_LABEL_RELATIONS,
  probeDocument,
  referencesDocument,
} from '../cloudtower/relations';
import { passwordCredentials, TOWER_USER } from '../__testUtils__/towerLogin';
import { plainValue } from '../lib/plainText';
import {
  createStore,
  createTestDatabases,
} from '../database/__testUtils__/testStore';
import {
  createHarness,
  type Harness,
} from '../sweep/__testUtils__/sweepHarness';

/** What the record holds: the exact string, except U+0000 (not storable in PostgreSQL) as U+FFFD. */
const recorded = (v: string | null) =>
  v === null ? null : v.split('\u0000').join('\uFFFD');
/** What reads of the record answer: its control and bidi characters as U+FFFD too. */
const shown = (v: string | null) => plainValue(recorded(v));
const databases = createTestDatabases();

const NASTY_VALUES = [
  `it's "quoted" \\ back\\slash`,
  '"}){ __typename }',
  '") { deleteManyLabels(where: {}) { count } } #',
  '$where',
  'line one\nline two\r\n\ttabbed',
  'ünïcødé — 集群 — 🚀🔥 — \u200b zero-width — \u202e rtl',
  '\u0000 nul and \u0007 bell',
  '',
  `${'x'.repeat(64 * 1024)}-long`,
  '<script>alert(1)</script>',
  '%s %d ${process.env.HOME}',
];

// A shared 2-core machine: generous per-test time, no timing-sensitive assertions.
jest.setTimeout(60_000);

describe('hostile label keys and values travel as data only', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ sweeper: { pageSize: 4 } });
  });
  afterAll(async () => h?.stop());

  it.each(['SQLITE_3', 'POSTGRES_15'] as const)(
    'on %s: deletes orphaned swept labels with hostile values, keeps hostile look-alike keys, records the exact strings',
    async db => {
      const { knex, store: dbStore } = await createStore(databases, db);
      h.configure({ sweeper: { store: dbStore } });
      h.audited.length = 0;
      const { admin } = h.sim;
      admin.loadScenario({});
      admin.resetLog();
      const old = h.old();
      const orphans = NASTY_VALUES.map(value =>
        admin.createLabel({ key: 'cape-cluster-name', value, createdAt: old }),
      );
      const vm = admin.createVm({ name: 'vm' }).id;
      const held = NASTY_VALUES.slice(0, 4).map(value =>
        admin.attach({
          labelId: admin.createLabel({ key: 'cape-vip', value, createdAt: old })
            .id,
          vmId: vm,
        }),
      );
      const hostileKeys = [
        'cape-cluster-name"}){ __typename }',
        'cape-cluster-name\n',
        'cape-cluster-name ',
        'саpe-cluster-name', // Cyrillic "а"
        'cape-cluster-name\u0000',
        'system.cloudtower/"cape-vip"',
        '") { deleteManyLabels(where: {}) { count } } #',
      ].map(key => admin.createLabel({ key, value: 'x', createdAt: old }));

      await h.sweeper.runTask(new AbortController().signal);
      const { store } = h;
      const [latest] = await store.listRuns(h.tower.id, { limit: 1 });
      const run = (await store.getRun(latest.id))!;
      expect(run.status).toBe('succeeded');
      expect(
        admin
          .deletedLabels()
          .map(d => d.id)
          .sort(),
      ).toEqual(orphans.map(l => l.id).sort());
      for (const l of [...held, ...hostileKeys])
        expect(admin.label(l.id)).toBeDefined();

      const outcomes = (
        await store.listOutcomes(run.id, { limit: 1000, offset: 0 })
      ).items;
      const byId = new Map(outcomes.map(o => [o.labelId, o]));
      const stored = new Map<string, string | null>(
        (
          await knex('cape_labels_outcomes')
            .where({ run_id: run.id })
            .select('label_id', 'value')
        ).map(r => [r.label_id, r.value]),
      );
      for (const l of [...orphans, ...held]) {
        // stored byte for byte, long ones included; answered without control or bidi characters
        expect(stored.get(l.id)).toBe(recorded(l.value));
        expect(byId.get(l.id)!.value).toBe(shown(l.value));
      }
      for (const l of orphans) {
        expect(byId.get(l.id)).toMatchObject({ action: 'deleted', key: l.key });
      }
      for (const l of held) {
        expect(byId.get(l.id)).toMatchObject({ action: 'kept' });
        expect(['referenced', 'count-nonzero']).toContain(
          byId.get(l.id)!.reason,
        );
      }
      for (const l of hostileKeys) expect(byId.has(l.id)).toBe(false);
      expect(
        h.audited
          .flat()
          .map(o => o.value)
          .sort(),
      ).toEqual(orphans.map(l => recorded(l.value)).sort());

      // Every request was one of the client's own operations, with values only in variables.
      // (The survivor read, CapeLabelsExisting, is skipped when Tower's count covers the batch.)
      const names = new Set(h.sim.admin.requestLog().map(e => e.operationName));
      const own = [
        'CapeLabelsCheck',
        'CapeLabelsDelete',
        'CapeLabelsExisting',
        'CapeLabelsHolderTypes',
        'CapeLabelsHolders',
        'CapeLabelsList',
        'CapeLabelsLogin',
        'CapeLabelsLogout',
        'CapeLabelsRelations',
      ];
      expect(own).toEqual(expect.arrayContaining([...names]));
      expect(names).toContain('CapeLabelsDelete');
      expect(h.sim.admin.requestLog().every(e => e.outcome === 'ok')).toBe(
        true,
      );
    },
    30_000,
  );

  it('a hostile password and username are variables too (login still works)', async () => {
    const password = `p"w'}) { __typename } \n ünï`;
    const local = await createHarness({
      simulator: { users: [{ ...TOWER_USER, password }] },
      tower: { credentials: passwordCredentials({ password }) },
    });
    try {
      local.sim.admin.createLabel({
        key: 'cape-vip',
        value: 'v',
        createdAt: local.old(),
      });
      const run = await local.sweep();
      expect(run).toMatchObject({
        status: 'succeeded',
        counts: { deleted: 1 },
      });
    } finally {
      await local.stop();
    }
  }, 30_000);
});

describe('GraphQL documents are constants', () => {
  const dir = join(__dirname, '..', 'cloudtower');
  const sources = readdirSync(dir)
    .filter(f => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map(f => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

  // The two documents that are built: the live check from a count (relation names travel as
  // variables), the relation probe from the built-in list (never from what Tower sent).
  const BUILDERS = [
    'relations.ts: referencesDocument',
    'relations.ts: probeDocument',
    'holders.ts: holderTypesDocument',
    'holders.ts: holdersDocument',
  ];

  it('builds the holders documents from the built-in holders only', () => {
    const doc = holdersDocument(
      KNOWN_HOLDERS.map(spec => ({ spec, sources: [...spec.sources] })),
    );
    const names = new Set(
      KNOWN_HOLDERS.flatMap(h => [
        h.root,
        ...h.sources.flatMap(s => [s.via?.field, s.ids, s.objects]),
      ]),
    );
    const words = doc
      .replace(/^query CapeLabelsHolders\(.*?\) \{/, '')
      .replace(/\$?[fa]\d+|\bh\d+\b|\b(first|after|id|name)\b/g, '')
      .match(/\w+/g);
    expect(words?.filter(w => !names.has(w))).toEqual([]);
    expect(holderTypesDocument()).toMatch(/^query CapeLabelsHolderTypes \{/);
    expect(() =>
      holdersDocument([
        {
          spec: { ...KNOWN_HOLDERS[0], root: 'x { id } } mutation { logout' },
          sources: [],
        },
      ]),
    ).toThrow('not a built-in holder');
  });

  it('builds the references read from a count and the probe from the built-in list only', () => {
    for (const n of [0, 1, 29, 40]) {
      const doc = referencesDocument(n);
      // Nothing but the template: aliases r<i> and variables $r<i>.
      const reads =
        '\n  X: labels(where: { AND: [{ id_in: $ids }, X] }) { id }'.repeat(n);
      expect(doc.replace(/\$?r\d+\b/g, 'X')).toBe(
        `query CapeLabelsCheckReferences($ids: [ID!]${', X: LabelWhereInput!'.repeat(n)}) {${reads}\n}`,
      );
    }
    expect(probeDocument(KNOWN_LABEL_RELATIONS)).toMatch(
      /^query CapeLabelsRelationProbe\(\$id: ID\)/,
    );
    expect(() =>
      probeDocument(['vms', 'x_some: {} }] }) { id } mutation { logout']),
    ).toThrow('not a built-in relation');
  });

  it('reads a list field Tower named only when its name is a GraphQL name, as one selection on the label rows', () => {
    expect(checkDocument([])).toBe(ops.CHECK_LABELS);
    const doc = checkDocument([
      { name: 'audit_events', paged: true },
      { name: 'notes', paged: false },
    ]);
    expect(doc.replace(/\s+/g, ' ')).toBe(
      ops.CHECK_LABELS.replace(
        'total_num',
        'total_num d0: audit_events(first: 1) { __typename } d1: notes { __typename }',
      ).replace(/\s+/g, ' '),
    );
    for (const name of ['x { id } } mutation { logout', 'a b', '', 'é'])
      expect(() => checkDocument([{ name, paged: false }])).toThrow(
        'not a GraphQL name',
      );
  });

  it('the operations module exports only constant documents without interpolation', () => {
    const documents = Object.entries(ops).filter(
      ([, v]) => typeof v === 'string',
    ) as [string, string][];
    expect(documents.map(([k]) => k).sort()).toEqual([
      'AUTHN_STRATEGIES',
      'CHECK_LABELS',
      'DELETE_LABELS',
      'LIST_LABELS',
      'LOGIN',
      'LOGOUT',
      'PING',
      'READ_IDS',
    ]);
    for (const [, doc] of documents) {
      expect(doc).toMatch(/^\s*(query|mutation) CapeLabels\w+/);
      // Every value in a root field's arguments is a variable (`$var`), inside input objects
      // and lists too (`{ id_in: $ids }`): never a literal, but the fixed order and page size.
      const args = [...doc.matchAll(/\((.*?)\)\s*\{/g)]
        .map(m => m[1])
        .filter(a => !a.startsWith('$'));
      for (const a of args) {
        const literals = a
          .replace(/\$\w+/g, '')
          .replace(/\w+\s*:/g, '')
          .replace(/\b(id_ASC|\d+)\b/g, '')
          .replace(/[{}[\],\s]/g, '');
        expect(literals).toBe('');
      }
    }
    const text = sources.find(s => s.file === 'operations.ts')!.text;
    expect(text).not.toMatch(/`[^`]*\$\{[^`]*`/); // no template interpolation at all
  });

  it('no source in src/cloudtower builds a GraphQL document from strings', () => {
    for (const { file, text } of sources) {
      // A template literal with a placeholder that reads like GraphQL.
      const built = [...text.matchAll(/`([^`]*)`/g)]
        .map(m => m[1])
        .filter(
          t =>
            /\$\{/.test(t) &&
            /\b(query|mutation)\b\s*\w*\s*[({]|\b(labels|deleteManyLabels|login)\s*\(/.test(
              t,
            ),
        );
      const others = BUILDERS.filter(b => b.startsWith(`${file}: `)).reduce(
        (rest, builder) =>
          rest.replace(
            new RegExp(
              `export function ${builder.split(': ')[1]}[\\s\\S]*?\\n}\\n`,
            ),
            '',
          ),
        text,
      );
      expect(
        built.filter(t => others.includes(t)).map(t => `${file}: ${t}`),
      ).toEqual([]);
      // No document assembled by concatenation.
      expect(text).not.toMatch(/['"`]\s*(query|mutation)\b[^'"`]*['"`]\s*\+/);
      // Requests are sent only with a document from the operations module.
      for (const m of text.matchAll(
        /\.(?:execute|send)\(\s*'(\w+)',\s*([\w.]+)/g,
      )) {
        expect(`${file}: ${m[2]}`).toMatch(/: ops\.[A-Z_]+$/);
      }
    }
  });
});
