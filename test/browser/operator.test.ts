/**
 * Browser test of what an operator meets (issue 37): a failed run worded in Chinese, a
 * notification's deep link (`?run=`) opening the run it names, and Stop pressed mid-sweep.
 * Screenshots go to test/browser/results/.
 *
 *   npx jest --config test/jest.config.js test/browser/operator
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { pollUntil } from '../support/processes';
import { signInAsGuest } from './browser';
import { card, rowDescription, runLabels, towerRow, ZH_CN } from './locators';
import { startStack, stopStack, type Stack, type TowerSpec } from './stack';

const RESULTS = path.join(__dirname, 'results');
const TOWERS: TowerSpec[] = [
  { id: 'alpha', scenario: 'demo', entry: { title: 'Alpha (stopped)' } },
  { id: 'bravo', scenario: 'small', entry: { title: 'Bravo (breaks)' } },
];
const TIMEOUT = { timeout: 60_000 };
/** Three Latin words in a row: an English sentence left in a Chinese page. */
const LATIN_SENTENCE =
  /[A-Za-z]{2,}[\s,:;()]+[A-Za-z]{2,}[\s,:;()]+[A-Za-z]{2,}/;

type RunSummary = {
  id: string;
  status: string;
  counts: { scanned: number };
};
type TowerItem = { id: string; running: boolean; lastRun: RunSummary | null };

let stack: Stack;

beforeAll(async () => {
  fs.mkdirSync(RESULTS, { recursive: true });
  stack = await startStack(TOWERS);
}, 420_000);

afterAll(async () => stopStack(), 60_000);

async function api<T>(apiPath: string, method = 'GET', body?: unknown) {
  return callApi<T>(stack.backend.url, apiPath, { method, body });
}

async function towers(): Promise<TowerItem[]> {
  return (await api<{ items: TowerItem[] }>('/api/cape-labels/towers')).body
    .items;
}

async function idle(): Promise<void> {
  await pollUntil(
    'every Tower to be idle with a finished run',
    async () => {
      const all = await towers();
      return all.every(t => !t.running && t.lastRun) ? true : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
}

/** Asks for a sweep of `towerId` and waits for the run that follows it to end as `status`. */
async function sweepUntil(towerId: string, status: string): Promise<string> {
  const before = (await towers()).find(t => t.id === towerId)!.lastRun?.id;
  const asked = await api(
    `/api/cape-labels/towers/${towerId}/sweep`,
    'POST',
    {},
  );
  expect(asked.status).toBe(202);
  return pollUntil(
    `a new ${status} run of ${towerId}`,
    async () => {
      const runs = await api<{ items: RunSummary[] }>(
        `/api/cape-labels/towers/${towerId}/runs?limit=1`,
      );
      const [run] = runs.body.items ?? [];
      return run && run.id !== before && run.status === status
        ? run.id
        : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
}

async function setLanguage(page: Page, language: string) {
  await page.evaluate(lng => localStorage.setItem('language', lng), language);
  await signInAsGuest(page, stack.app.url);
}

test('a failed run reads in Chinese; a notification link opens its run; Stop ends a sweep aborted', async () => {
  await idle();
  stack.sims[1].admin.setFaults({ httpStatus: 500 });
  const failedId = await sweepUntil('bravo', 'failed');
  stack.sims[1].admin.clearFaults();
  const laterId = await sweepUntil('bravo', 'succeeded');
  const page = stack.page;
  await signInAsGuest(page, stack.app.url);

  // 1. The failure in Chinese: the row's error worded by its code, no English sentence left.
  try {
    // the card shows the newest run: bravo fails once more so that its row shows the error
    stack.sims[1].admin.setFaults({ httpStatus: 500 });
    await sweepUntil('bravo', 'failed');
    await setLanguage(page, 'zh-CN');
    await page.goto(`${stack.app.url}/cape-labels`);
    // the row is described by its run's error
    const text = await rowDescription(
      towerRow(page, 'Bravo (breaks)'),
      TIMEOUT.timeout,
    );
    expect(text).toContain('HTTP 状态码 500');
    expect(text).not.toMatch(LATIN_SENTENCE);
    await card(page, ZH_CN).screenshot({
      path: path.join(RESULTS, 'failure-zh-CN.png'),
    });
  } finally {
    stack.sims[1].admin.clearFaults();
    await setLanguage(page, 'en');
  }

  // 2. The link a notification carries (runLink) opens the run it names, not the newest.
  await page.goto(`${stack.app.url}/cape-labels/towers/bravo?run=${failedId}`);
  const labelsOf = (runId: string) =>
    page.getByRole('button', { name: `Labels of run ${runId}`, exact: true });
  await runLabels(page)
    .and(page.locator(`[data-run="${failedId}"]`))
    .waitFor(TIMEOUT);
  await expect(labelsOf(failedId).getAttribute('aria-pressed')).resolves.toBe(
    'true',
  );
  await page.screenshot({
    path: path.join(RESULTS, 'deep-link-run.png'),
    fullPage: true,
  });
  // choosing another run puts it in the URL, to share
  await labelsOf(laterId).click();
  await page.waitForURL(`**/cape-labels/towers/bravo?run=${laterId}`, TIMEOUT);

  // 3. Stop pressed while alpha sweeps slowly (orphans to go, every answer late): it ends aborted.
  stack.sims[0].admin.createLabels(
    Array.from({ length: 300 }, (_, i) => ({
      key: 'cape-vip',
      value: `slow-${i}`,
      createdAt: '2020-01-01T00:00:00.000Z',
    })),
  );
  stack.sims[0].admin.setFaults({ latencyMs: 4000 });
  try {
    const asked = await api('/api/cape-labels/towers/alpha/sweep', 'POST', {});
    expect(asked.status).toBe(202);
    // as the backend's own stop test does: Stop once the run is under way (labels read)
    await pollUntil(
      'a running sweep of alpha that has read labels',
      async () => {
        const run = (await towers()).find(t => t.id === 'alpha')!.lastRun;
        return run?.status === 'running' && run.counts.scanned > 0
          ? true
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    await page.goto(`${stack.app.url}/cape-labels`);
    const alphaRow = towerRow(page, 'Alpha (stopped)');
    const stop = alphaRow.getByRole('button', { name: 'Stop', exact: true });
    await stop.waitFor(TIMEOUT);
    await stop.click();
    await page.getByRole('dialog').waitFor(TIMEOUT);
    await page.screenshot({ path: path.join(RESULTS, 'stop-confirm.png') });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Stop the sweep', exact: true })
      .click();
    await alphaRow.getByText('Stop requested').waitFor(TIMEOUT);
    const status = alphaRow.getByRole('status');
    await status.filter({ hasText: 'aborted' }).waitFor({ timeout: 120_000 });
    await card(page).screenshot({ path: path.join(RESULTS, 'stopped.png') });
  } finally {
    stack.sims[0].admin.clearFaults();
  }
  const alpha = (await towers()).find(t => t.id === 'alpha')!;
  expect(alpha.lastRun?.status).toBe('aborted');
  expect(stack.problems.filter(p => !/\/stop\b/.test(p))).toEqual([]);
});
