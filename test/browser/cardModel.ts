import type { Page } from 'playwright-core';
import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  cardTestIds,
  towerTestIds,
} from '../../plugins/cape-labels/src/testIds';

/** What the card shows for one Tower row. */
type CardRow = {
  id: string;
  title: string;
  running: boolean;
  status: string | null;
  deleted: number | null;
  wouldDelete: number | null;
  candidates: number | null;
  scanned: number | null;
  dryRunLast: boolean;
  dryRunMode: boolean;
  /** The trend's marks, left to right (null: no trend SVG in the row). */
  trend: Array<{ runId: string; title: string }> | null;
};

/** The part of TowerSummary (docs/architecture.md#what-the-frontend-reads) the test compares with the card. */
export type ApiTower = Pick<
  TowerSummary,
  'id' | 'title' | 'dryRun' | 'running' | 'lastRun'
>;

const ROW_PREFIX = towerTestIds('').row;
type TowerTestIds = ReturnType<typeof towerTestIds>;

/** Reads every Tower row of the card from the DOM, in document order. */
export async function readRows(page: Page): Promise<CardRow[]> {
  const ids = await page.$$eval(
    `[data-testid="${cardTestIds.card}"] [data-testid^="${ROW_PREFIX}"]`,
    (elements, prefix) =>
      elements.map(row =>
        (row.getAttribute('data-testid') ?? '').slice(prefix.length),
      ),
    ROW_PREFIX,
  );
  return page.evaluate(
    (towers: Array<[string, TowerTestIds]>) => {
      // counts are grouped as the app's language groups digits ("12,345")
      const num = (el: Element | null): number | null => {
        const text = el?.textContent?.trim() ?? '';
        return /^\d[\d,.\s]*$/.test(text)
          ? Number(text.replace(/\D/g, ''))
          : null;
      };
      return towers.map(([id, t]) => {
        const row = document.querySelector(`[data-testid="${t.row}"]`);
        const q = (testId: string) =>
          row?.querySelector(`[data-testid="${testId}"]`) ?? null;
        const trend = q(t.trend);
        return {
          id,
          trend: trend?.querySelector('svg')
            ? [...trend.querySelectorAll('svg [data-run]')].map(mark => ({
                runId: mark.getAttribute('data-run') ?? '',
                title: mark.querySelector('title')?.textContent ?? '',
              }))
            : null,
          title: q(t.title)?.textContent?.trim() ?? '',
          running: row?.getAttribute('data-running') === 'true',
          status: q(t.status)?.getAttribute('data-status') ?? null,
          deleted: num(q(t.deleted)),
          wouldDelete: num(q(t.wouldDelete)),
          candidates: num(q(t.candidates)),
          scanned: num(q(t.scanned)),
          dryRunLast: q(t.dryRunLast) !== null,
          dryRunMode: q(t.dryRunMode) !== null,
        };
      });
    },
    ids.map((id): [string, TowerTestIds] => [id, towerTestIds(id)]),
  );
}

/** The differences between the card and the API (empty when they agree). */
export function compareWithApi(rows: CardRow[], towers: ApiTower[]): string[] {
  const problems: string[] = [];
  const rowIds = rows.map(r => r.id);
  const apiIds = towers.map(t => t.id);
  if (rowIds.join(',') !== apiIds.join(',')) {
    problems.push(
      `rows [${rowIds.join(', ')}] but the API lists [${apiIds.join(', ')}] (same order expected)`,
    );
  }
  for (const tower of towers) {
    const row = rows.find(r => r.id === tower.id);
    if (!row) continue;
    const run = tower.lastRun;
    const running = tower.running || run?.status === 'running';
    const expected: Array<[string, unknown, unknown]> = [
      ['title', row.title, tower.title],
      [
        'status',
        row.status,
        running ? 'running' : (run?.status ?? 'never run'),
      ],
      ['data-running', row.running, running],
      // a dry run headlines what it would delete, a real run what it deleted
      ['deleted', row.deleted, run?.dryRun ? null : (run?.counts.deleted ?? 0)],
      [
        'would-delete',
        row.wouldDelete,
        run?.dryRun ? run.counts.wouldDelete : null,
      ],
      ['candidates', row.candidates, run?.counts.candidates ?? 0],
      ['scanned', row.scanned, run?.counts.scanned ?? 0],
      ['dry-run-mode badge', row.dryRunMode, tower.dryRun],
      ['dry-run-last badge', row.dryRunLast, !!run?.dryRun && !tower.dryRun],
    ];
    for (const [what, shown, wanted] of expected) {
      if (shown !== wanted) {
        problems.push(
          `${tower.id}: card shows ${what}=${JSON.stringify(shown)}, API says ${JSON.stringify(wanted)}`,
        );
      }
    }
  }
  return problems;
}

/**
 * Waits in the page until every given Tower row shows numbers in its headline (deleted or would
 * delete), candidates and scanned; resolves
 * with performance.now() at that moment (ms since this document's navigation started).
 */
export async function waitForRowsWithData(
  page: Page,
  ids: string[],
  timeoutMs: number,
): Promise<number> {
  const handle = await page.waitForFunction(
    (towers: TowerTestIds[]) => {
      const shown = (testId: string) => {
        const el = document.querySelector(`[data-testid="${testId}"]`);
        return (
          !!el &&
          /^\d[\d,.\s]*$/.test(el.textContent?.trim() ?? '') &&
          el.getBoundingClientRect().height > 0
        );
      };
      const ok = towers.every(
        t =>
          (shown(t.deleted) || shown(t.wouldDelete)) &&
          shown(t.candidates) &&
          shown(t.scanned),
      );
      return ok ? performance.now() : false;
    },
    ids.map(towerTestIds),
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}
