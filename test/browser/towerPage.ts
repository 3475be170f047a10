/**
 * Browser steps on a Tower's page (/cape-labels/towers/:towerId): opened from the card's row,
 * a filter chosen, the CSV downloaded and compared with the API.
 */
import type { Locator, Page } from 'playwright-core';
import { callApi } from '../support/api';
import { EN, runLabels, towerRow, type Words } from './locators';

type ApiOutcome = {
  labelId: string;
  key: string;
  action: string;
  value: string | null;
};
type ApiRun = { id: string };

/** RFC 4180 records (quoted fields may hold commas, doubled quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

/** The Tower page's chart of its runs, named "Last n runs, m failed". */
export function historyChart(page: Page): Locator {
  return page.getByRole('figure', { name: /^Last \d+ runs/ });
}

/** Clicks the row's "History" link and waits for the Tower page with its runs. */
export async function openTowerPage(
  page: Page,
  tower: { id: string; title: string },
  words: Words = EN,
) {
  await towerRow(page, tower.title)
    .getByRole('link', { name: words.history, exact: true })
    .click({ timeout: 30_000 });
  await page.waitForURL(`**/cape-labels/towers/${tower.id}`, {
    timeout: 30_000,
  });
  await page
    .getByRole('article', { name: words.lastRuns, exact: true })
    .getByRole('row')
    .first()
    .waitFor({ timeout: 30_000 });
  await runLabels(page, words).waitFor({ timeout: 30_000 });
}

/**
 * Picks `option` in one of the label filters (a Backstage UI select: a button named by its value
 * and its label, such as "Any Outcome").
 */
export async function chooseFilter(
  page: Page,
  label: string,
  option: string,
): Promise<void> {
  await page.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The newest run of the Tower and its outcomes passing `query`, from the API. */
export async function apiOutcomes(
  backendUrl: string,
  towerId: string,
  query: string,
): Promise<{ run: ApiRun; items: ApiOutcome[]; total: number }> {
  const runs = await callApi<{ items: ApiRun[] }>(
    backendUrl,
    `/api/cape-labels/towers/${towerId}/runs?limit=1`,
  );
  const run = runs.body.items[0];
  const page = await callApi<{ items: ApiOutcome[]; total: number }>(
    backendUrl,
    `/api/cape-labels/runs/${run.id}/labels?limit=1000&${query}`,
  );
  return { run, ...page.body };
}

/** Waits until the labels of run `runId` list `outcome` (a row named by its key=value). */
export async function waitForFirstOutcome(
  page: Page,
  runId: string,
  outcome: ApiOutcome,
): Promise<void> {
  const label = `${outcome.key}${outcome.value !== null ? `=${outcome.value}` : ''}`;
  await runLabels(page)
    .and(page.locator(`[data-run="${runId}"]`))
    .getByRole('row', { name: label, exact: true })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Presses "Download CSV" and returns the downloaded file's name and text. */
export async function downloadCsv(
  page: Page,
): Promise<{ filename: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return {
    filename: download.suggestedFilename(),
    text: Buffer.concat(chunks).toString('utf8'),
  };
}

/** The cluster names the page lists under "Where the orphans come from", in order. */
export async function shownTopClusters(page: Page): Promise<string[]> {
  const list = page.getByRole('group', { name: 'Cluster names', exact: true });
  await list.waitFor({ timeout: 30_000 });
  return list.getByRole('code').allTextContents();
}

/** Hovers the history chart's newest bar; its run id and the tooltip that then shows. */
export async function hoverNewestRun(
  page: Page,
): Promise<{ runId: string; tooltip: string }> {
  const chart = historyChart(page);
  const bar = chart.locator('rect[data-run]').last();
  const runId = (await bar.getAttribute('data-run')) ?? '';
  await bar.hover();
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await tooltip.getByText(`Run ${runId}:`).waitFor({ timeout: 10_000 });
  return { runId, tooltip: (await tooltip.innerText()).trim() };
}
