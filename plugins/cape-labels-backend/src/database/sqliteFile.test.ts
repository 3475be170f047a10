import { mockServices } from '@backstage/backend-test-utils';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { openRunStore } from './RunStore';

describe('the store on SQLite', () => {
  const opened: Knex[] = [];
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-labels-sqlite-'));
  });
  afterAll(async () => {
    await Promise.all(opened.map(k => k.destroy()));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = (filename: string) => {
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
    });
    opened.push(knex);
    return knex;
  };
  const journalMode = async (knex: Knex) =>
    (await knex.raw('PRAGMA journal_mode'))[0].journal_mode;

  it('puts a SQLite file in write-ahead-log mode, which lasts beyond the connection', async () => {
    const file = path.join(dir, 'cape-labels.sqlite');
    await openRunStore({
      database: mockServices.database({ knex: open(file) }),
    });
    expect(await journalMode(open(file))).toBe('wal');
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
  });

  it('reads the file name from a connection given as a string too', async () => {
    const file = path.join(dir, 'by-string.sqlite');
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: file,
      useNullAsDefault: true,
    } as Knex.Config);
    opened.push(knex);
    await openRunStore({
      database: mockServices.database({ knex }),
    });
    expect(await journalMode(knex)).toBe('wal');
  });

  it('leaves a database in memory as it is', async () => {
    const knex = open(':memory:');
    await openRunStore({
      database: mockServices.database({ knex }),
    });
    expect(await journalMode(knex)).toBe('memory');
  });
});
