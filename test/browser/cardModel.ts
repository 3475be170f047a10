import type { Page } from 'playwright-core';

/** What the card shows for one Tower row. */
export type CardRow = {
  id: string;
  title: string;
  running: boolean;
  status: string | null;
  deleted: number | null;
  candidates: number | null;
  scanned: number | null;
  dryRunLast: boolean;
  dryRunMode: boolean;
};

/** The part of TowerSummary (docs: DESIGN.md) the test compares with the card. */
export type ApiTower = {
  id: string;
  title: string;
  dryRun: boolean;
  running: boolean;
  lastRun: {
    id: string;
    trigger: string;
    dryRun: boolean;
    status: string;
    requestedBy?: string;
    counts: {
      scanned: number;
      candidates: number;
      deleted: number;
      kept: number;
      failed: number;
    };
  } | null;
};

const ROW_PREFIX = 'cape-tower-row-';

/** Reads every Tower row of the card from the DOM, in document order. */
export async function readRows(page: Page): Promise<CardRow[]> {
  return page.$$eval(
    `[data-testid="cape-labels-card"] [data-testid^="${ROW_PREFIX}"]`,
    (elements, prefix) => {
      const num = (el: Element | null): number | null => {
        const text = el?.textContent?.trim() ?? '';
        return /^\d+$/.test(text) ? Number(text) : null;
      };
      return elements.map(row => {
        const id = (row.getAttribute('data-testid') ?? '').slice(prefix.length);
        const q = (suffix: string) =>
          row.querySelector(`[data-testid="cape-tower-${id}-${suffix}"]`);
        return {
          id,
          title: q('title')?.textContent?.trim() ?? '',
          running: row.getAttribute('data-running') === 'true',
          status: q('status')?.getAttribute('data-status') ?? null,
          deleted: num(q('deleted')),
          candidates: num(q('candidates')),
          scanned: num(q('scanned')),
          dryRunLast: q('dry-run-last') !== null,
          dryRunMode: q('dry-run-mode') !== null,
        };
      });
    },
    ROW_PREFIX,
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
      ['deleted', row.deleted, run?.counts.deleted ?? 0],
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
 * Waits in the page until every given Tower row shows numbers in its three counts; resolves
 * with performance.now() at that moment (ms since this document's navigation started).
 */
export async function waitForRowsWithData(
  page: Page,
  ids: string[],
  timeoutMs: number,
): Promise<number> {
  const handle = await page.waitForFunction(
    (towerIds: string[]) => {
      const ok = towerIds.every(id =>
        ['deleted', 'candidates', 'scanned'].every(suffix => {
          const el = document.querySelector(
            `[data-testid="cape-tower-${id}-${suffix}"]`,
          );
          return (
            !!el &&
            /^\d+$/.test(el.textContent?.trim() ?? '') &&
            el.getBoundingClientRect().height > 0
          );
        }),
      );
      return ok ? performance.now() : false;
    },
    ids,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}
