import { ARRAY_BATCH, deleteWhereIn, insertBatch } from './dialect';
import { createTestDatabases } from './__testUtils__/testStore';

jest.setTimeout(60_000);

const databases = createTestDatabases();

const COLUMNS = [
  { name: 'id', type: 'text' },
  { name: 'n', type: 'int' },
  { name: 'note', type: 'text' },
] as const;

/** Strings JSON or SQL quoting could mangle. */
const AWKWARD = [
  'it\'s "quoted"',
  'back\\slash',
  '中文 ☃ 😀',
  'a,b;c',
  '',
  '?',
];

/** Awkward strings first, then every other row null. */
function noteOf(i: number): string | null {
  if (i < AWKWARD.length) return AWKWARD[i];
  return i % 2 ? null : `note ${i}`;
}

describe('array-parameter batch statements', () => {
  it.each(databases.eachSupportedId())(
    'insert more rows than one statement takes, values kept exactly, %p',
    async databaseId => {
      const knex = await databases.init(databaseId);
      await knex.schema.createTable('batch_t', t => {
        t.string('id').primary();
        t.string('grp').notNullable();
        t.integer('n').notNullable();
        t.text('note').nullable();
      });
      const rows = Array.from({ length: ARRAY_BATCH + 3 }, (_, i) => [
        `id-${i}`,
        i,
        noteOf(i),
      ]);
      await insertBatch(knex, 'batch_t', COLUMNS, rows, { grp: 'g1' });

      const stored = await knex('batch_t').select('*');
      const byId = new Map(stored.map(r => [r.id, r]));
      expect(stored).toHaveLength(rows.length);
      for (const [id, n, note] of rows)
        expect(byId.get(id)).toEqual({ id, grp: 'g1', n, note });

      await deleteWhereIn(knex, 'batch_t', 'id', ['id-5002', 'id-5000'], {
        note: 'note 5002',
      });
      const left = await knex('batch_t')
        .whereIn('id', ['id-5000', 'id-5002'])
        .select('id');
      expect(left).toEqual([{ id: 'id-5000' }]);

      const ids = rows.map(r => String(r[0])).filter(id => id !== 'id-1');
      await deleteWhereIn(knex, 'batch_t', 'id', ids);
      expect(await knex('batch_t').select('id')).toEqual([{ id: 'id-1' }]);
    },
  );
});
