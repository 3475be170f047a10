import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RunNote } from '@smartx-cape/plugin-cape-labels-common';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderInLanguage } from '../../__testUtils__/renderInLanguage';
import { PLUGIN_RUN_ERROR_CODES, RUN_NOTE_CODES } from '../../format';
import { findTowerRow, towerRow } from '../../__testUtils__/queries';
import { CapeLabelsCard } from './CapeLabelsCard';

/** Three Latin words in a row: an English sentence left in a Chinese card. */
const LATIN_SENTENCE =
  /[A-Za-z]{2,}[\s,:;()]+[A-Za-z]{2,}[\s,:;()]+[A-Za-z]{2,}/;
const ENGLISH = 'the backend wrote this in English';

const params = {
  maxDeletesPerRun: 5000,
  reported: 3,
  requested: 4,
  gone: 4,
  error: 'ETIMEDOUT',
  count: 2,
  runId: 'run-7',
  byRunId: 'run-9',
  labelIds: 'l-1,l-2',
  authConfigId: 'ldap-1',
  by: 'service:ops',
  detail: 'LABEL_USED_BY_SECURITY_POLICY',
  extraDeletes: 6,
  refused: 1,
  refusedIds: 'l-3',
  deleted: 31,
  failed: 0,
  relations: 'vms, vm_volume_snapshots',
  refusals: 3,
  nextLoginAt: '2026-12-05T12:00:00.000Z',
  holder: 'securityGroups sg1',
  labelId: 'l-4',
  key: 'cape-vip',
  value: '10.0.0.9',
};

/** One Tower per code, its last run failed with that code. */
function towersFailingWithEveryCode() {
  return PLUGIN_RUN_ERROR_CODES.map(code =>
    makeTower({
      id: `t-${code.toLowerCase().replace(/_/g, '-')}`,
      title: code,
      lastRun: makeRun({
        status: 'failed',
        error: { code, message: ENGLISH, params },
      }),
    }),
  );
}

describe('run errors and notes in Simplified Chinese', () => {
  it('words every error code of the plugin in Chinese, no English sentence left', async () => {
    const towers = towersFailingWithEveryCode();
    await renderInLanguage(
      'zh-CN',
      mockCapeLabelsApi(towers),
      <CapeLabelsCard />,
    );
    for (const tower of towers) {
      const row = await findTowerRow(tower.title);
      expect(row).toHaveAccessibleDescription(
        expect.not.stringContaining(ENGLISH),
      );
      expect(row).toHaveAccessibleDescription(
        expect.not.stringMatching(LATIN_SENTENCE),
      );
      expect(row).toHaveAccessibleDescription(/[\u4e00-\u9fff]/);
    }
    expect(towerRow('CAP_REACHED')).toHaveAccessibleDescription(
      expect.stringContaining('maxDeletesPerRun（5000）'),
    );
    expect(towerRow('HTTP_502')).toHaveAccessibleDescription(
      expect.stringContaining('HTTP 状态码 502'),
    );
  });

  it("shows Tower's own codes with the backend's message, the only text it has", async () => {
    const tower = makeTower({
      lastRun: makeRun({
        status: 'failed',
        error: { code: 'USER_PASSWORD_INCORRECT', message: 'wrong password' },
      }),
    });
    await renderInLanguage(
      'zh-CN',
      mockCapeLabelsApi([tower]),
      <CapeLabelsCard />,
    );
    expect(await findTowerRow('Production A')).toHaveAccessibleDescription(
      expect.stringContaining('wrong password'),
    );
  });

  it('words every note by its code in Chinese', async () => {
    const notes: RunNote[] = RUN_NOTE_CODES.map(code => ({
      code,
      params,
      message: ENGLISH,
    }));
    const tower = makeTower({ lastRun: makeRun({ notes }) });
    await renderInLanguage(
      'zh-CN',
      mockCapeLabelsApi([tower]),
      <CapeLabelsCard />,
    );
    await userEvent.click(await screen.findByRole('button', { name: '详情' }));
    const list = await screen.findByRole('list', { name: '运行备注' });
    const items = list.querySelectorAll('li');
    expect(items).toHaveLength(RUN_NOTE_CODES.length);
    for (const item of items) {
      expect(item.textContent).not.toContain(ENGLISH);
      expect(item.textContent).not.toMatch(LATIN_SENTENCE);
    }
  });
});
