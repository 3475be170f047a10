import type { Page } from 'playwright-core';
import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { card, EN } from './locators';

/** What the card shows for one Tower row. */
type CardRow = {
  id: string;
  title: string;
  /** The status chip's word (in English, the API's word). */
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

/** The words of the row's figures and badges (English: the card test reads the rows in English). */
const ROW_WORDS = {
  deleted: 'deleted',
  wouldDelete: 'would delete',
  candidates: 'candidates',
  scanned: 'scanned',
  dryRunMode: 'dry-run mode',
  dryRunLast: 'last run: dry run',
  history: EN.history,
};

/**
 * Reads every Tower row of the card as a person sees it, in document order. A row is a group
 * named by the Tower's title that shows a status; its figures are groups named by the label under
 * the number; its id is where its History link leads (`/cape-labels/towers/:towerId`).
 */
export async function readRows(page: Page): Promise<CardRow[]> {
  const rows = card(page)
    .getByRole('group')
    .filter({ has: page.getByRole('status') });
  return rows.evaluateAll((elements, words) => {
    /** The number of the row's figure named `label`, or null. */
    const figure = (row: Element, label: string): string | null => {
      for (const group of row.querySelectorAll(
        '[role="group"][aria-labelledby]',
      )) {
        const name = document.getElementById(
          group.getAttribute('aria-labelledby') ?? '',
        );
        if (name?.textContent?.trim() === label)
          return [...group.children]
            .filter(child => child !== name)
            .map(child => child.textContent ?? '')
            .join('')
            .trim();
      }
      return null;
    };
    // counts are grouped as the app's language groups digits ("12,345")
    const num = (text: string | null): number | null =>
      text && /^\d[\d,.\s]*$/.test(text)
        ? Number(text.replace(/\D/g, ''))
        : null;
    const shows = (row: Element, text: string) =>
      [...row.querySelectorAll('*')].some(
        el => el.textContent?.trim() === text,
      );
    return elements.map(row => {
      const links = [...row.querySelectorAll('a')];
      const history = links.find(a => a.textContent?.trim() === words.history);
      const trend = row.querySelector('[role="img"]');
      return {
        id: history?.getAttribute('href')?.split('/').pop() ?? '',
        trend: trend?.querySelector('svg')
          ? [...trend.querySelectorAll('svg [data-run]')].map(mark => ({
              runId: mark.getAttribute('data-run') ?? '',
              title: mark.querySelector('title')?.textContent ?? '',
            }))
          : null,
        // the first link is the Tower's title, leading to its server
        title: links[0]?.textContent?.trim() ?? '',
        status:
          row.querySelector('[role="status"]')?.textContent?.trim() ?? null,
        deleted: num(figure(row, words.deleted)),
        wouldDelete: num(figure(row, words.wouldDelete)),
        candidates: num(figure(row, words.candidates)),
        scanned: num(figure(row, words.scanned)),
        dryRunLast: shows(row, words.dryRunLast),
        dryRunMode: shows(row, words.dryRunMode),
      };
    });
  }, ROW_WORDS);
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
 * Waits in the page until the row of every given Tower (by title) shows numbers in its headline
 * (deleted or would delete), candidates and scanned; resolves
 * with performance.now() at that moment (ms since this document's navigation started).
 */
export async function waitForRowsWithData(
  page: Page,
  titles: string[],
  timeoutMs: number,
): Promise<number> {
  const handle = await page.waitForFunction(
    ({ titles: wanted, words }) => {
      /** Whether the row's figure named `label` shows a number. */
      const shown = (row: Element, label: string) => {
        for (const group of row.querySelectorAll(
          '[role="group"][aria-labelledby]',
        )) {
          const name = document.getElementById(
            group.getAttribute('aria-labelledby') ?? '',
          );
          const value = [...group.children].find(child => child !== name);
          if (name?.textContent?.trim() === label)
            return (
              !!value &&
              /^\d[\d,.\s]*$/.test(value.textContent?.trim() ?? '') &&
              value.getBoundingClientRect().height > 0
            );
        }
        return false;
      };
      const rows = [...document.querySelectorAll('[role="group"][aria-label]')];
      const ok = wanted.every(title => {
        const row = rows.find(r => r.getAttribute('aria-label') === title);
        return (
          !!row &&
          (shown(row, words.deleted) || shown(row, words.wouldDelete)) &&
          shown(row, words.candidates) &&
          shown(row, words.scanned)
        );
      });
      return ok ? performance.now() : false;
    },
    { titles, words: ROW_WORDS },
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}
