/**
 * The browser card test's checks: the card against the API (polled until they agree), and
 * named steps that save a screenshot and say how card and API differ when they fail.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { pollUntil } from '../support/processes';
import { compareWithApi, readRows, type ApiTower } from './cardModel';
import { card, EN } from './locators';
import type { Stack } from './stack';

/**
 * @param stack - the running stack, read at each call (undefined before it started)
 * @param resultsDir - where a failed step's screenshot goes
 */
export function cardChecks(stack: () => Stack | undefined, resultsDir: string) {
  const current = () => {
    const s = stack();
    if (!s) throw new Error('the browser stack has not started');
    return s;
  };

  async function apiTowers(): Promise<ApiTower[]> {
    const res = await callApi<{ items: ApiTower[] }>(
      current().backend.url,
      '/api/cape-labels/towers',
    );
    if (res.status !== 200)
      throw new Error(
        `GET /towers answered ${res.status}: ${JSON.stringify(res.body)}`,
      );
    return res.body.items;
  }

  /** Differences between each row's trend and the Tower's last 30 runs (GET /towers/:id/runs). */
  async function trendDifferences(): Promise<string[]> {
    const problems: string[] = [];
    for (const row of await readRows(current().page)) {
      const res = await callApi<{ items: Array<{ id: string }> }>(
        current().backend.url,
        `/api/cape-labels/towers/${row.id}/runs?limit=30`,
      );
      const wanted = res.body.items.map(r => r.id).reverse();
      const shown = row.trend?.map(m => m.runId) ?? null;
      if (JSON.stringify(shown) !== JSON.stringify(wanted))
        problems.push(
          `${row.id}: trend marks ${JSON.stringify(shown)}, API runs ${JSON.stringify(wanted)}`,
        );
      for (const mark of row.trend ?? [])
        if (!mark.title.startsWith(`Run ${mark.runId}: `))
          problems.push(
            `${row.id}: mark ${mark.runId} has title "${mark.title}"`,
          );
    }
    return problems;
  }

  /** Polls until every row's trend has one mark per run of the API, oldest first. */
  async function expectTrendsMatchApi(what: string): Promise<void> {
    let last: string[] = [];
    try {
      await pollUntil(
        what,
        async () => {
          last = await trendDifferences();
          return last.length === 0 ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 500 },
      );
    } catch (error) {
      throw new Error(
        `${String(error)}; last differences:\n  ${last.join('\n  ')}`,
      );
    }
  }

  /** Polls until the card and the API agree; fails with the last differences. */
  async function expectCardMatchesApi(
    what: string,
    timeoutMs: number,
  ): Promise<ApiTower[]> {
    let last: string[] = [];
    try {
      return await pollUntil(
        what,
        async () => {
          const towers = await apiTowers();
          last = compareWithApi(await readRows(current().page), towers);
          return last.length === 0 ? towers : undefined;
        },
        { timeoutMs, intervalMs: 500 },
      );
    } catch (error) {
      throw new Error(
        `${String(error)}; last differences:\n  ${last.join('\n  ')}`,
      );
    }
  }

  function diagnostics(): string {
    const logs = (stack()?.backend.logs ?? [])
      .filter(l => /error|warn/i.test(l))
      .slice(-15);
    const problems = stack()?.problems.slice(-15) ?? [];
    return (
      `page problems:\n  ${problems.join('\n  ') || '(none)'}\n` +
      `backend warnings:\n  ${logs.join('\n  ') || '(none)'}`
    );
  }

  /** The card's rows and their differences from the API, for failure messages. */
  async function cardState(page: Page): Promise<string> {
    if ((await card(page).count()) === 0) {
      return `\nthe page has no card named "${EN.card}" at ${page.url()}\n${diagnostics()}`;
    }
    const differences = compareWithApi(await readRows(page), await apiTowers());
    return `\ncard vs API:\n  ${differences.join('\n  ') || '(they agree)'}\n${diagnostics()}`;
  }

  /** Runs a step; on failure saves a screenshot of the page and says how card and API differ. */
  async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const page = stack()?.page;
      if (!page) throw error;
      const file = path.join(resultsDir, `failure-${name}.png`);
      await page
        .screenshot({ path: file, fullPage: true })
        .catch(() => undefined);
      const state = await cardState(page).catch(
        e => `\n(could not read the card: ${String(e)})`,
      );
      throw new Error(
        `${name} failed (page screenshot: ${file}): ${message}${state}`,
      );
    }
  }

  /**
   * Polls until the Tower's run after `previousRunId` has ended (GET /towers); returns it with
   * the scanned counts its row showed while the API said it was running, and saves a
   * screenshot (card-live.png) the first time the row showed more than `startScanned`.
   */
  async function followRun(
    towerId: string,
    previousRunId: string | undefined,
    startScanned: number,
  ) {
    const page = current().page;
    const shownWhileRunning: number[] = [];
    let midRunShot = false;
    const run = await pollUntil(
      `the slow run of ${towerId} to end (GET /towers)`,
      async () => {
        const row = (await readRows(page)).find(r => r.id === towerId);
        const tower = (await apiTowers()).find(t => t.id === towerId)!;
        const last = tower.lastRun;
        const isNew = last && last.id !== previousRunId;
        if (isNew && last.status === 'running' && row && row.scanned !== null) {
          shownWhileRunning.push(row.scanned);
          if (!midRunShot && row.scanned > startScanned) {
            midRunShot = true;
            await card(page).screenshot({
              path: path.join(resultsDir, 'card-live.png'),
            });
          }
        }
        return isNew && last.status !== 'running' && !tower.running
          ? last
          : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    return { run, shownWhileRunning };
  }

  return {
    apiTowers,
    expectCardMatchesApi,
    expectTrendsMatchApi,
    followRun,
    step,
  };
}
