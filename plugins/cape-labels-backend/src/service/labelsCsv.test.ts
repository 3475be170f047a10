import type { LabelOutcome, Run } from '@smartx-cape/plugin-cape-labels-common';
import { BASE, oldDate, backendForDescribe } from './__testUtils__/testBackend';
import { CSV_PAGE_SIZE } from './outcomesCsv';
import { HOUR } from '../__testUtils__/time';

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

const AWKWARD = [
  'plain',
  'comma, and "quotes"',
  'line\nbreak',
  '=HYPERLINK("http://evil.example","x")',
  '+1+2',
  '-3',
  '@SUM(A1)',
  'ünïcødé 集群',
];

describe('GET /runs/:runId/labels.csv', () => {
  let run: Run;
  let outcomes: LabelOutcome[];

  const b = backendForDescribe();
  beforeAll(async () => {
    const { admin } = b.sim;
    AWKWARD.forEach(value =>
      admin.createLabel({
        key: 'cape-cluster-name',
        value,
        createdAt: oldDate(),
      }),
    );
    // More than one page of the database reading.
    for (let i = 0; i < CSV_PAGE_SIZE + 5; i++)
      admin.createLabel({
        key: 'cape-namespace',
        value: `ns-${i}`,
        createdAt: oldDate(),
      });
    admin.createLabel({
      key: 'cape-vip',
      value: '10.0.0.1',
      createdAt: new Date(Date.now() - HOUR).toISOString(),
    });
    // Held by a VM while its counter says 0: kept `referenced`, the relation in its own column.
    const held = admin.createLabel({
      key: 'cape-vip',
      value: '10.0.0.2',
      createdAt: oldDate(),
    }).id;
    admin.createVm({ name: 'holder', labelIds: [held] });
    admin.setCounters(held, { total_num: 0, vm_num: 0 });
    run = await b.sweep('t1', { dryRun: true });
    outcomes = (await b.get(`/runs/${run.id}/labels?limit=1000`).expect(200))
      .body.items;
    const rest = (
      await b.get(`/runs/${run.id}/labels?limit=1000&offset=1000`).expect(200)
    ).body.items;
    outcomes.push(...rest);
  }, 60_000);

  const csv = (query = '') => b.get(`/runs/${run.id}/labels.csv${query}`);
  const rowOf = (o: LabelOutcome) => [
    o.labelId,
    o.key,
    o.value ?? '',
    o.action,
    o.reason ?? '',
    o.createdAt,
    o.relation ?? '',
    run.requestedBy ?? '',
  ];

  it('streams every outcome, in order, with a header, as an attachment', async () => {
    const res = await csv().expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cape-labels-t1-${run.id}.csv"`,
    );
    expect(res.headers['access-control-expose-headers']).toBe(
      'Content-Disposition',
    );
    expect(outcomes.length).toBe(AWKWARD.length + CSV_PAGE_SIZE + 5 + 2);
    const [header, ...rows] = parseCsv(res.text);
    // The export's contract: these columns, in this order.
    expect(header.join()).toBe(
      'label_id,key,value,action,reason,created_at,relation,requested_by',
    );
    const neutralised = (o: LabelOutcome) =>
      /^[=+\-@]/.test(o.value ?? '') ? { ...o, value: `'${o.value}` } : o;
    expect(rows).toEqual(outcomes.map(o => rowOf(neutralised(o))));
    // Who asked for the run, on every row (a user here: the test backend's caller).
    expect(run.requestedBy).toMatch(/^user:/);
    expect(new Set(rows.map(r => r[7]))).toEqual(new Set([run.requestedBy]));
    expect(rows.filter(r => r[6] !== '')).toEqual([
      expect.arrayContaining(['10.0.0.2', 'kept', 'referenced', 'vms']),
    ]);
  });

  it('translates the header row with lang=zh-CN (a UTF-8 BOM first, for Excel), rows unchanged; lang=en is the default', async () => {
    const zh = await csv('?lang=zh-CN').expect(200);
    expect(zh.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(zh.text.slice(1));
    expect(header).toEqual([
      '标签 ID',
      '键',
      '值',
      '处理',
      '原因',
      '创建时间',
      '引用关系',
      '请求人',
    ]);
    const en = await csv('?lang=en').expect(200);
    expect(en.text).toBe((await csv().expect(200)).text);
    expect(rows).toEqual(parseCsv(en.text).slice(1));
    const bad = await csv('?lang=fr');
    expect(bad.status).toBe(400);
  });

  it('quotes commas, quotes and line breaks and neutralises formulas', async () => {
    const text = (await csv('?key=cape-cluster-name').expect(200)).text;
    expect(text).toContain(',"comma, and ""quotes""",would-delete,');
    // A line break is a control character: U+FFFD in its place, so the field needs no quotes.
    expect(text).toContain(',line\uFFFDbreak,would-delete,');
    expect(text).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""x"")",would-delete,`,
    );
    expect(text).toContain(",'+1+2,would-delete,");
    expect(text).toContain(",'-3,would-delete,");
    expect(text).toContain(",'@SUM(A1),would-delete,");
    expect(text).toContain(',ünïcødé 集群,would-delete,');
    expect(text.split('\r\n').filter(l => /^[=+\-@]/.test(l))).toEqual([]);
  });

  it('applies the filters of the JSON route', async () => {
    const values = async (query: string) =>
      parseCsv((await csv(query).expect(200)).text)
        .slice(1)
        .map(r => r[2]);
    expect(await values('?action=kept&reason=young')).toEqual(['10.0.0.1']);
    expect(await values('?action=deleted')).toEqual([]);
    expect(await values('?key=cape-cluster-name&search=QUOTES')).toEqual([
      'comma, and "quotes"',
    ]);
    expect(await values('?search=ns-100')).toEqual([
      'ns-100',
      ...Array.from({ length: 5 }, (_, i) => `ns-100${i}`),
    ]);
    expect(await values('?search=%25')).toEqual([]);
  });

  it('answers 400 for bad filters and 404 for an unknown run', async () => {
    for (const query of [
      'action=bogus',
      'reason=bogus',
      'action=kept&action=deleted',
      `search=${'x'.repeat(201)}`,
      `key=${'k'.repeat(257)}`,
    ]) {
      const res = await csv(`?${query}`);
      expect({ query, status: res.status, name: res.body.error?.name }).toEqual(
        { query, status: 400, name: 'InputError' },
      );
    }
    await b.get(`/runs/bad.id/labels.csv`).expect(400);
    const res = await b.get(`/runs/no-such-run/labels.csv`);
    expect([res.status, res.body.error?.name]).toEqual([404, 'NotFoundError']);
  });

  it('answers 403 without cape-labels.read and 401 without credentials', async () => {
    b.permission.denied.add('cape-labels.read');
    try {
      const res = await csv();
      expect([res.status, res.body.error?.name]).toEqual([
        403,
        'NotAllowedError',
      ]);
    } finally {
      b.permission.denied.clear();
    }
    await b.http().get(`${BASE}/runs/${run.id}/labels.csv`).expect(401);
  });
});
