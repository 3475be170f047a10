/**
 * The card test's visit in Simplified Chinese: the app's language set to zh-CN the way
 * Backstage's language selector sets it (localStorage `language`), the card and a Tower's page
 * checked for Chinese text and screenshotted, the language set back to English.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signInAsGuest } from './browser';
import { openTowerPage } from './towerPage';
import type { Stack } from './stack';
import {
  cardTestIds,
  towerPageTestIds,
  towerTestIds,
} from '../../plugins/cape-labels/src/testIds';

/** Runs a named step (see cardChecks' `step`). */
type Step = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

const TIMEOUT = { timeout: 30_000 };

async function setLanguage(page: Page, url: string, language: string) {
  await page.evaluate(
    lng => window.localStorage.setItem('language', lng),
    language,
  );
  await signInAsGuest(page, url);
}

/** @returns the texts the row of `towerId` showed in Chinese, for the log */
export async function visitInChinese(
  stack: Stack,
  step: Step,
  towerId: string,
  resultsDir: string,
): Promise<{ status: string; lastRun: string }> {
  const page = stack.page;
  const ids = towerTestIds(towerId);
  try {
    const shown = await step('zh-CN-card', async () => {
      await setLanguage(page, stack.app.url, 'zh-CN');
      const card = page.getByTestId(cardTestIds.card);
      await card.getByText('CAPE 孤立标签').waitFor(TIMEOUT);
      const row = page.getByTestId(ids.row);
      await page.getByTestId(ids.scanned).waitFor(TIMEOUT);
      const rowText = await row.innerText();
      for (const words of ['已扫描', '候选', '下次运行'])
        expect(rowText).toContain(words);
      await page
        .getByTestId(ids.preview)
        .filter({ hasText: '预览' })
        .waitFor(TIMEOUT);
      await page
        .getByTestId(ids.sweep)
        .filter({ hasText: '立即清理' })
        .waitFor(TIMEOUT);
      const status = (await page.getByTestId(ids.status).innerText()).trim();
      const lastRun = (await page.getByTestId(ids.lastRun).innerText()).trim();
      await card.screenshot({ path: path.join(resultsDir, 'card-zh-CN.png') });
      return { status, lastRun };
    });
    await step('zh-CN-tower-page', async () => {
      await openTowerPage(page, towerId);
      await page.getByText('孤立标签从哪里来').waitFor(TIMEOUT);
      await page.getByText('最近 30 次运行').waitFor(TIMEOUT);
      await page
        .getByTestId(towerPageTestIds(towerId).labels)
        .getByText(/开始的运行中的标签$/)
        .waitFor(TIMEOUT);
      await page.screenshot({
        path: path.join(resultsDir, 'tower-page-zh-CN.png'),
        fullPage: true,
      });
    });
    return shown;
  } finally {
    await setLanguage(page, stack.app.url, 'en').catch(() => undefined);
  }
}
