/**
 * Browser test of the Backstage citizen: the Towers as catalog Resources with the Tower card on
 * their entity page, and a notification to the owners of a failing Tower, as a person sees them
 * (guest, member of the demo's platform-team). Screenshots go to test/browser/results/.
 *
 *   npx jest --config test/jest.config.js test/browser/entityPage
 */
import fs from 'node:fs';
import path from 'node:path';
import { callApi } from '../support/api';
import { pollUntil } from '../support/processes';
import { signInAsGuest } from './browser';
import { card, towerRow } from './locators';
import { startStack, stopStack, type Stack, type TowerSpec } from './stack';

const RESULTS = path.join(__dirname, 'results');
const OWNER = 'group:default/platform-team';
const TOWERS: TowerSpec[] = [
  {
    id: 'alpha',
    scenario: 'demo',
    entry: { title: 'Alpha (deletes)', owner: OWNER },
  },
  {
    id: 'bravo',
    scenario: 'small',
    entry: { title: 'Bravo (breaks)', owner: OWNER },
  },
];
const CATALOG = {
  rules: [{ allow: ['Resource', 'Location', 'Group', 'User'] }],
  locations: [
    {
      type: 'file',
      target: path.resolve(__dirname, '../../scripts/demo-catalog.yaml'),
    },
  ],
};

type RunSummary = { id: string; status: string; requestedBy?: string };

let stack: Stack;

beforeAll(async () => {
  fs.mkdirSync(RESULTS, { recursive: true });
  stack = await startStack(TOWERS, { catalog: CATALOG });
}, 420_000);

afterAll(async () => stopStack(), 60_000);

async function api<T>(apiPath: string, method = 'GET', body?: unknown) {
  return callApi<T>(stack.backend.url, apiPath, { method, body });
}

/** The catalog has read the demo group with the guest in it, and both Tower entities. */
async function catalogReady(): Promise<void> {
  await pollUntil(
    'the demo group, its guest member and the Tower entities in the catalog',
    async () => {
      const group = await api<{ relations?: { type: string }[] }>(
        '/api/catalog/entities/by-name/group/default/platform-team',
      );
      const owned = (group.body.relations ?? []).filter(
        r => r.type === 'ownerOf',
      ).length;
      const members = (group.body.relations ?? []).filter(
        r => r.type === 'hasMember',
      ).length;
      return group.status === 200 && owned === 2 && members === 1
        ? true
        : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
}

/** Breaks bravo's Tower and asks for a sweep as a service (the static token), as a pipeline would. */
async function failingRun(): Promise<RunSummary> {
  await pollUntil(
    'the first sweep of both Towers to finish',
    async () => {
      const towers = await api<{
        items: { running: boolean; lastRun: RunSummary | null }[];
      }>('/api/cape-labels/towers');
      const done = (towers.body.items ?? []).filter(
        t => !t.running && t.lastRun && t.lastRun.status !== 'running',
      );
      return done.length === TOWERS.length ? true : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  stack.sims[1].admin.setFaults({ httpStatus: 500 });
  const asked = await api('/api/cape-labels/towers/bravo/sweep', 'POST', {});
  expect(asked.status).toBe(202);
  return pollUntil(
    'a failed run of bravo',
    async () => {
      const runs = await api<{ items: RunSummary[] }>(
        '/api/cape-labels/towers/bravo/runs?limit=1',
      );
      const [run] = runs.body.items ?? [];
      return run?.status === 'failed' ? run : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
}

test('a Tower entity page shows the Tower and its runs; its owners are notified when it fails', async () => {
  await catalogReady();
  const failed = await failingRun();
  // A static token's subject, recorded as the service it is (issue 26: who asked, truthfully).
  expect(failed.requestedBy).toBe('service:test-scripts');

  const page = stack.page;
  await signInAsGuest(page, stack.app.url);

  // The main card links each Tower to its entity page; follow alpha's link.
  await page.goto(`${stack.app.url}/cape-labels`);
  const entityLink = towerRow(page, 'Alpha (deletes)').getByRole('link', {
    name: 'Catalog',
    exact: true,
  });
  await entityLink.waitFor({ timeout: 60_000 });
  await expect(entityLink.getAttribute('href')).resolves.toBe(
    '/catalog/default/resource/alpha',
  );
  await entityLink.click();
  await page.waitForURL(/\/catalog\/default\/resource\/alpha$/);
  const entityCard = card(page);
  await entityCard.waitFor({ timeout: 60_000 });
  const runs = entityCard.getByRole('table', { name: 'Last 10 runs' });
  await runs.waitFor({ timeout: 30_000 });
  await expect(
    towerRow(page, 'Alpha (deletes)')
      .getByRole('link', { name: 'Alpha (deletes)' })
      .textContent(),
  ).resolves.toContain('Alpha (deletes)');
  // a run's line is a row of cells (the header's are column headers)
  const runRows = await runs
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .count();
  expect(runRows).toBeGreaterThanOrEqual(1);
  await expect(entityCard.textContent()).resolves.toMatch(/\d+ deleted/);
  await page.screenshot({
    path: path.join(RESULTS, 'entity-page.png'),
    fullPage: true,
  });

  await page.goto(`${stack.app.url}/catalog/default/resource/bravo`);
  // the newest run's line (the run lines show no ids): the failed run, by its status
  await card(page)
    .getByRole('table', { name: 'Last 10 runs' })
    .getByRole('row')
    .nth(1)
    .getByRole('status')
    .filter({ hasText: /^failed$/ })
    .waitFor({ timeout: 60_000 });
  await expect(
    towerRow(page, 'Bravo (breaks)').getByRole('status').textContent(),
  ).resolves.toBe('failed');

  await page.goto(`${stack.app.url}/notifications`);
  const notification = page.getByText(
    'CAPE label sweep of Bravo (breaks) needs attention',
  );
  await notification.first().waitFor({ timeout: 60_000 });
  await page.screenshot({
    path: path.join(RESULTS, 'notifications.png'),
    fullPage: true,
  });
});
