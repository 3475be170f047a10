/**
 * Browser end-to-end test of the "CAPE orphan labels" card: simulated Towers, a real backend
 * process (packages/backend), the built app (packages/app) and Debian's Chromium.
 *
 *   cd /work/main && npx jest --config test/jest.config.js test/browser
 *
 * Screenshots and timings go to test/browser/results/ (not for git).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pollUntil } from '../support/processes';
import { signInAsGuest } from './browser';
import { readRows, waitForRowsWithData } from './cardModel';
import { cardChecks } from './cardChecks';
import { walkTowerPage } from './towerPageWalk';
import { visitInChinese } from './zhCN';
import { card, towerRow } from './locators';
import { startStack, stopStack, type Stack, type TowerSpec } from './stack';

const RESULTS = path.join(__dirname, 'results');
const SETUP_TIMEOUT_MS = 420_000;

/** Three Towers with different worlds; titles fix the card's order (the API orders by title). */
const TOWERS: TowerSpec[] = [
  {
    id: 'alpha',
    scenario: 'demo',
    entry: { title: 'Alpha (deletes)', userSource: 'LOCAL' },
  },
  {
    id: 'bravo',
    scenario: 'small',
    entry: { title: 'Bravo (dry run)', userSource: 'LDAP', dryRun: true },
  },
  {
    id: 'charlie',
    scenario: 'demo-sks:150',
    entry: { title: 'Charlie (sks prefix)', resourcePrefix: 'sks' },
  },
];
const PREVIEW_TOWER = 'alpha';
const titleOf = (towerId: string) =>
  String(TOWERS.find(t => t.id === towerId)!.entry.title);

let stack: Stack | undefined;
const timings: Record<string, number> = {};
const checks = cardChecks(() => stack, RESULTS);
const {
  apiTowers,
  expectCardMatchesApi,
  expectTrendsMatchApi,
  followRun,
  step,
} = checks;

beforeAll(async () => {
  fs.mkdirSync(RESULTS, { recursive: true });
  const started = Date.now();
  stack = await startStack(TOWERS);
  timings.appBuildMs = stack.appBuildMs;
  timings.setupMs = Date.now() - started;
  console.log(
    `browser test setup: ${timings.setupMs} ms (app build ${stack.appBuildMs} ms); ` +
      `app ${stack.app.url}, backend ${stack.backend.url}`,
  );
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await stopStack();
  if (Object.keys(timings).length) {
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS, 'timings.json'),
      `${JSON.stringify(timings, null, 2)}\n`,
    );
  }
}, 60_000);

test('the card shows one row per Tower with the status and counts of the API', async () => {
  await step('first-sweeps', () =>
    pollUntil(
      'the first sweep of every Tower to finish (GET /towers)',
      async () => {
        const towers = await apiTowers();
        const done =
          towers.length === TOWERS.length &&
          towers.every(
            t => !t.running && t.lastRun && t.lastRun.status !== 'running',
          );
        return done ? towers : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    ),
  );
  const titles = (await apiTowers()).map(t => t.title);

  timings.firstVisitToDataMs = await step('first-visit', async () => {
    await signInAsGuest(stack!.page, stack!.app.url);
    return waitForRowsWithData(stack!.page, titles, 60_000);
  });
  await step('rows-match-api', () =>
    expectCardMatchesApi('the card to agree with GET /towers', 30_000),
  );

  // signed in already: a reload measures the card alone (page load to all rows with numbers)
  timings.reloadToDataMs = await step('reload', async () => {
    await stack!.page.reload({ waitUntil: 'commit' });
    return waitForRowsWithData(stack!.page, titles, 60_000);
  });
  const towers = await step('rows-match-api-after-reload', () =>
    expectCardMatchesApi(
      'the card to agree with GET /towers after a reload',
      30_000,
    ),
  );
  expect(towers.map(t => t.id)).toEqual(TOWERS.map(t => t.id));
  expect(
    towers.find(t => t.id === 'alpha')!.lastRun!.counts.deleted,
  ).toBeGreaterThan(0);
  // the dry-run Tower headlines what it would delete (rows-match-api checked the row shows it)
  const bravo = towers.find(t => t.id === 'bravo')!.lastRun!;
  expect(bravo.dryRun).toBe(true);
  expect(bravo.counts.wouldDelete).toBeGreaterThan(0);
  const bravoRow = (await readRows(stack!.page)).find(r => r.id === 'bravo')!;
  expect(bravoRow.wouldDelete).toBe(bravo.counts.wouldDelete);
  expect(bravoRow.deleted).toBeNull();

  await step('trends-match-api', () =>
    expectTrendsMatchApi('each row to draw one trend mark per run'),
  );

  // the sweep buttons follow the permission check (allow-all demo policy): wait for them
  await step('actions-shown', async () => {
    for (const title of titles)
      await towerRow(stack!.page, title)
        .getByRole('button', { name: 'Preview', exact: true })
        .waitFor({ timeout: 30_000 });
  });
  const shot = path.join(RESULTS, 'card.png');
  await card(stack!.page).screenshot({ path: shot });
  console.log(
    `card time-to-data: ${Math.round(timings.firstVisitToDataMs)} ms from navigation incl. guest sign-in, ` +
      `${Math.round(timings.reloadToDataMs)} ms on reload (signed in); screenshot ${shot}`,
  );
});

test('"Preview" starts a dry run that the card then shows', async () => {
  const before = (await apiTowers()).find(t => t.id === PREVIEW_TOWER)!;
  expect(before.lastRun).not.toBeNull();
  const started = Date.now();
  await step('preview-click', async () => {
    const row = towerRow(stack!.page, titleOf(PREVIEW_TOWER));
    await row
      .getByRole('button', { name: 'Preview', exact: true })
      .click({ timeout: 30_000 });
    await row.getByText('Preview requested').waitFor({ timeout: 30_000 });
  });
  const after = await step('preview-run', () =>
    pollUntil(
      `a new finished manual dry run of ${PREVIEW_TOWER} (GET /towers)`,
      async () => {
        const tower = (await apiTowers()).find(t => t.id === PREVIEW_TOWER);
        const run = tower?.lastRun;
        const fresh =
          run &&
          run.id !== before.lastRun!.id &&
          run.status !== 'running' &&
          !tower.running;
        return fresh ? tower : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    ),
  );
  expect(after.lastRun).toMatchObject({ dryRun: true, trigger: 'manual' });
  expect(after.lastRun!.requestedBy).toMatch(/guest/);
  // the card polls after a request until the new run has finished: no reload here
  await step('preview-shown', async () => {
    await expectCardMatchesApi('the card to show the preview run', 60_000);
    const row = (await readRows(stack!.page)).find(
      r => r.id === PREVIEW_TOWER,
    )!;
    expect(row.dryRunLast).toBe(true);
  });
  timings.previewToCardMs = Date.now() - started;
  // the preview adds a mark to the trend of its Tower (two runs now), a would-delete one
  await step('preview-trend', async () => {
    await expectTrendsMatchApi('the trend to show the preview run');
    const row = (await readRows(stack!.page)).find(
      r => r.id === PREVIEW_TOWER,
    )!;
    expect(row.trend!.length).toBeGreaterThanOrEqual(2);
    expect(row.trend!.at(-1)!.runId).toBe(after.lastRun!.id);
    expect(row.trend!.at(-1)!.title).toMatch(/\(dry run\) · \d+ would delete/);
  });
  const shot = path.join(RESULTS, 'card-after-preview.png');
  await card(stack!.page).screenshot({ path: shot });
  console.log(
    `preview: click to card showing run ${after.lastRun!.id} in ${timings.previewToCardMs} ms; screenshot ${shot}`,
  );
});

test('the Tower page opens from the row, filters the labels and downloads them as CSV', async () => {
  const charlie = { id: 'charlie', title: titleOf('charlie') };
  expect(await walkTowerPage(stack!, step, charlie, RESULTS)).toBeGreaterThan(
    0,
  );
});

test('a slow sweep shows its scanned count growing on the card before the run ends', async () => {
  const towerId = 'bravo';
  const sim = stack!.sims[TOWERS.findIndex(t => t.id === towerId)];
  const page = stack!.page;
  // many pages, each answered slowly: the run lasts seconds and writes progress in between
  const old = new Date(Date.now() - 72 * 3_600_000).toISOString();
  sim.admin.createLabels(
    Array.from({ length: 9000 }, (_, i) => ({
      key: 'cape-cluster-name',
      value: `live-${i}`,
      createdAt: old,
    })),
  );
  sim.admin.setFaults({ latencyMs: 700, match: { rootField: 'labels' } });
  try {
    const before = (await apiTowers()).find(t => t.id === towerId)!;
    const startScanned = before.lastRun?.counts.scanned ?? 0;
    // back to the card (the previous test left the Tower page open)
    await signInAsGuest(page, stack!.app.url);
    await towerRow(page, titleOf(towerId))
      .getByRole('button', { name: 'Preview', exact: true })
      .click({ timeout: 30_000 });
    const { run: done, shownWhileRunning } = await step('live-progress', () =>
      followRun(towerId, before.lastRun?.id, startScanned),
    );
    const partial = [
      ...new Set(
        shownWhileRunning.filter(
          n => n > startScanned && n < done.counts.scanned,
        ),
      ),
    ];
    console.log(
      `live progress: scanned shown while running ${JSON.stringify(partial)}, final ${done.counts.scanned}`,
    );
    // at least two different partial counts, rising: the row moved before the run ended
    expect(partial.length).toBeGreaterThanOrEqual(2);
    expect(partial).toEqual([...partial].sort((a, b) => a - b));
    await expectCardMatchesApi(
      'the card to show the finished slow run',
      30_000,
    );
  } finally {
    sim.admin.clearFaults();
  }
});

test('with the app set to zh-CN the card and the Tower page speak Chinese', async () => {
  const alpha = { id: 'alpha', title: titleOf('alpha') };
  const shown = await visitInChinese(stack!, step, alpha, RESULTS);
  // the chip names the API's status in Chinese; "…前" is luxon's zh-CN "ago"
  expect(shown.status).toMatch(/^(成功|部分完成|失败|已中止|运行中)$/);
  expect(shown.lastRun).toMatch(/前$/);
  console.log(
    `zh-CN: status "${shown.status}", last run "${shown.lastRun}"; screenshots card-zh-CN.png, tower-page-zh-CN.png in ${RESULTS}`,
  );
});
