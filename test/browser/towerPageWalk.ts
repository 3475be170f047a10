/**
 * The card test's walk through a Tower's page: opened from the card's row, the chart hovered, a
 * filter chosen, the top sources and the downloaded CSV compared with the API.
 */
import path from 'node:path';
import { callApi } from '../support/api';
import { signInAsGuest } from './browser';
import type { Stack } from './stack';
import {
  apiOutcomes,
  chooseFilter,
  downloadCsv,
  historyChart,
  hoverNewestRun,
  openTowerPage,
  parseCsv,
  shownTopClusters,
  waitForFirstOutcome,
} from './towerPage';

/** Runs a named step (see cardChecks' `step`). */
type Step = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** @returns how many labels the downloaded CSV listed */
export async function walkTowerPage(
  stack: Stack,
  step: Step,
  tower: { id: string; title: string },
  resultsDir: string,
): Promise<number> {
  const towerId = tower.id;
  const page = stack.page;
  await step('tower-page-open', async () => {
    await signInAsGuest(page, stack.app.url);
    await openTowerPage(page, tower);
  });
  const kept = await apiOutcomes(stack.backend.url, towerId, 'action=kept');
  expect(kept.total).toBeGreaterThan(0);
  await step('tower-page-filter', async () => {
    expect(
      await historyChart(page).locator('rect[data-run]').count(),
    ).toBeGreaterThan(0);
    const hovered = await hoverNewestRun(page);
    expect(hovered.tooltip).toMatch(new RegExp(`^Run ${hovered.runId}: `));
    await chooseFilter(page, 'Outcome', 'kept');
    await waitForFirstOutcome(page, kept.run.id, kept.items[0]);
  });
  const csv = await step('tower-page-csv', () => downloadCsv(page));
  const top = await callApi<{ clusters: Array<{ value: string }> }>(
    stack.backend.url,
    `/api/cape-labels/towers/${towerId}/top-sources?days=30`,
  );
  expect(top.body.clusters.length).toBeGreaterThan(0);
  expect(await shownTopClusters(page)).toEqual(
    top.body.clusters.map(c => c.value),
  );
  expect(csv.filename).toBe(`cape-labels-${towerId}-${kept.run.id}.csv`);
  const [header, ...rows] = parseCsv(csv.text);
  expect(header).toEqual(
    'label_id,key,value,action,reason,created_at,relation,requested_by,detail'.split(
      ',',
    ),
  );
  expect(rows.map(r => r[0])).toEqual(kept.items.map(o => o.labelId));
  expect(new Set(rows.map(r => r[3]))).toEqual(new Set(['kept']));
  const shot = path.join(resultsDir, 'tower-page.png');
  await page.screenshot({ path: shot, fullPage: true });
  console.log(
    `tower page: ${rows.length} kept labels of run ${kept.run.id} in the CSV; screenshot ${shot}`,
  );
  return rows.length;
}
