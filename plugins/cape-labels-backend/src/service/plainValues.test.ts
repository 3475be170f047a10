import { until } from '../__testUtils__/until';
import { backendForDescribe } from './__testUtils__/testBackend';

/** What Tower sent, and what the API, the CSV and the audit trail give instead. */
const VALUES: Array<[string, string]> = [
  ['evil\u202Egpj.exe', 'evil\uFFFDgpj.exe'],
  ['bell\u0007\u001b[31mred', 'bell\uFFFD\uFFFD[31mred'],
  ['iso\u2066late\u2069', 'iso\uFFFDlate\uFFFD'],
  ['mark\u200Fed\u061C', 'mark\uFFFDed\uFFFD'],
  ['line\u2028sep\u0085x', 'line\uFFFDsep\uFFFDx'],
];

/** Control (C0, C1) and bidi formatting characters: none may leave the backend. */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('label values with control or bidi characters', () => {
  const b = backendForDescribe();
  let runId: string;

  beforeAll(async () => {
    for (const [value] of VALUES) b.oldLabel(value);
    runId = (await b.sweep('t1')).id;
  }, 30_000);

  const shown = VALUES.map(([, plain]) => plain).sort();

  it('are answered by the API with U+FFFD in their place', async () => {
    expect(
      (await b.get(`/runs/${runId}`).expect(200)).body.counts.deleted,
    ).toBe(VALUES.length);
    const { items } = (await b.get(`/runs/${runId}/labels`).expect(200)).body;
    expect(items.map((o: { value: string }) => o.value).sort()).toEqual(shown);
    const top = (await b.get('/towers/t1/top-sources').expect(200)).body;
    expect(
      top.namespaces.map((s: { value: string }) => s.value).sort(),
    ).toEqual(shown);
  });

  it('are exported in the CSV without them', async () => {
    const text = (await b.get(`/runs/${runId}/labels.csv`).expect(200)).text;
    // Line ends of the CSV itself aside.
    expect(text.replace(/\r\n/g, '')).not.toMatch(UNSAFE);
    for (const plain of shown) expect(text).toContain(`,${plain},deleted,`);
  });

  it('are audited without them', async () => {
    const audits = await until(
      async () =>
        b.logs.filter(
          l => l.includes('labels-deleted') && l.includes('succeeded'),
        ),
      lines => lines.length > 0,
    );
    const event = audits.join('\n');
    for (const plain of shown) expect(event).toContain(plain);
    expect(event).not.toMatch(UNSAFE);
    // JSON escapes the C0 controls: not even escaped.
    expect(event).not.toMatch(/\\u00(0|1)[0-9a-f]/i);
  });

  it('are stored as Tower sent them', async () => {
    const knex = await b.db();
    const stored = await knex('cape_labels_outcomes')
      .where({ run_id: runId })
      .pluck('value');
    expect(stored.sort()).toEqual(VALUES.map(([raw]) => raw).sort());
  });
});
