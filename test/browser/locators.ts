/**
 * The app's parts as a person finds them: the card by its title, a Tower's row by the Tower's
 * title, the Tower page's sections by their headings, in the words of the app's language.
 */
import type { Locator, Page } from 'playwright-core';

/** The words the browser tests find the card and the Tower page by. */
export type Words = {
  /** The card's title, which names it. */
  card: string;
  /** The row's link to the Tower's page. */
  history: string;
  /** The heading of the Tower page's history section. */
  lastRuns: string;
  /** The heading of the Tower page's section with a run's labels. */
  runLabels: RegExp;
};

export const EN: Words = {
  card: 'CAPE orphan labels',
  history: 'History',
  lastRuns: 'Last 30 runs',
  runLabels: /^Labels of the run started /,
};

export const ZH_CN: Words = {
  card: 'CAPE 孤立标签',
  history: '历史',
  lastRuns: '最近 30 次运行',
  runLabels: /开始的运行中的标签$/,
};

/** The "CAPE orphan labels" card (on the home page, the plugin's page or an entity page). */
export function card(page: Page, words = EN): Locator {
  return page.getByRole('article', { name: words.card, exact: true });
}

/** A Tower's row on the card, named by the Tower's title. */
export function towerRow(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title, exact: true });
}

/** The text a row is described by (its last run's error), once it has one. */
export async function rowDescription(
  row: Locator,
  timeoutMs: number,
): Promise<string> {
  await row
    .and(row.page().locator('[aria-describedby]'))
    .waitFor({ timeout: timeoutMs });
  return row.evaluate(
    el =>
      document.getElementById(el.getAttribute('aria-describedby') ?? '')
        ?.innerText ?? '',
  );
}

/** The Tower page's section with the labels of a run. */
export function runLabels(page: Page, words = EN): Locator {
  return page.getByRole('region', { name: words.runLabels });
}
