import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { card, EN, ZH_CN } from './locators';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Throws a clear error at once when Debian's Chromium is not installed. */
export function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium/Chrome binary. The browser test downloads no browser.',
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

/**
 * Opens `url`; if the sign-in page shows, presses the guest "Enter" button. Resolves when the
 * home page is there: its card, titled in English or in Chinese.
 */
export async function signInAsGuest(
  page: Page,
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  const home = card(page, EN).or(card(page, ZH_CN));
  const enter = page.getByRole('button', { name: /^enter$/i });
  await home
    .or(enter)
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs });
  if (!(await home.isVisible())) {
    await enter.click({ timeout: timeoutMs });
    await home.waitFor({ state: 'visible', timeout: timeoutMs });
  }
}

/** Collects page errors and failed API calls, for failure messages. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', e => problems.push(`pageerror: ${e.message}`));
  page.on('console', m => {
    if (m.type() === 'error')
      problems.push(`console: ${m.text().slice(0, 300)}`);
  });
  page.on('response', r => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      problems.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return problems;
}
