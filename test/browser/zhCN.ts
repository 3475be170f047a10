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
import { card, runLabels, towerRow, ZH_CN } from './locators';

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

/** @returns the texts the row of `tower` showed in Chinese, for the log */
export async function visitInChinese(
  stack: Stack,
  step: Step,
  tower: { id: string; title: string },
  resultsDir: string,
): Promise<{ status: string; lastRun: string }> {
  const page = stack.page;
  try {
    const shown = await step('zh-CN-card', async () => {
      await setLanguage(page, stack.app.url, 'zh-CN');
      const zhCard = card(page, ZH_CN);
      await zhCard.getByText('CAPE 孤立标签').waitFor(TIMEOUT);
      const row = towerRow(page, tower.title);
      await row.getByRole('group', { name: '已扫描' }).waitFor(TIMEOUT);
      const rowText = await row.innerText();
      for (const words of ['已扫描', '候选', '下次运行'])
        expect(rowText).toContain(words);
      await row
        .getByRole('button', { name: '预览', exact: true })
        .waitFor(TIMEOUT);
      await row
        .getByRole('button', { name: '立即清理', exact: true })
        .waitFor(TIMEOUT);
      const status = (await row.getByRole('status').innerText()).trim();
      // the first time in the row is when the last run started ("运行于 …")
      const lastRun = (await row.getByRole('time').first().innerText()).trim();
      await zhCard.screenshot({
        path: path.join(resultsDir, 'card-zh-CN.png'),
      });
      return { status, lastRun };
    });
    await step('zh-CN-tower-page', async () => {
      await openTowerPage(page, tower, ZH_CN);
      await page.getByText('孤立标签从哪里来').waitFor(TIMEOUT);
      await page.getByText('最近 30 次运行').waitFor(TIMEOUT);
      await runLabels(page, ZH_CN)
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
