import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import {
  makeCounts,
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderInLanguage } from '../../__testUtils__/renderInLanguage';
import { figure, findTowerRow } from '../../__testUtils__/queries';
import { CapeLabelsCard } from './CapeLabelsCard';

const STARTED = DateTime.now().minus({ hours: 1 });

describe('CapeLabelsCard in Simplified Chinese', () => {
  it('speaks Chinese and formats numbers and dates as zh-CN does', async () => {
    const run = makeRun({
      startedAt: STARTED.toISO()!,
      counts: makeCounts({ scanned: 12345, candidates: 17, deleted: 15 }),
    });
    const nextRunAt = DateTime.now().plus({ minutes: 150 }).toISO()!;
    const api = mockCapeLabelsApi([makeTower({ lastRun: run, nextRunAt })]);
    await renderInLanguage('zh-CN', api, <CapeLabelsCard />);

    const card = await screen.findByRole('article');
    expect(within(card).getByText('CAPE 孤立标签')).toBeInTheDocument();
    const row = await findTowerRow('Production A');
    expect(
      within(figure(row, '已扫描')).getByText('12,345'),
    ).toBeInTheDocument();
    expect(within(card).getByText('已扫描')).toBeInTheDocument();
    expect(within(card).getByText('候选')).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('成功');
    // luxon in zh-CN: "1小时前", "2小时后"; the hover title is the full Chinese date
    expect(within(row).getByText('1小时前')).toHaveTextContent('1小时前');
    expect(within(row).getByText('1小时前').title).toContain(
      `${STARTED.year}年${STARTED.month}月${STARTED.day}日`,
    );
    expect(within(row).getByText('2小时后')).toHaveTextContent('2小时后');
    expect(
      await screen.findByRole('button', { name: '立即清理' }),
    ).toHaveTextContent('立即清理');
    expect(screen.getByRole('button', { name: '预览' })).toHaveTextContent(
      '预览',
    );
    expect(within(card).getByText('刷新')).toBeInTheDocument();
  });

  it('says in Chinese when the next login is tried', async () => {
    const nextLoginAt = DateTime.now().plus({ minutes: 150 }).toISO()!;
    const api = mockCapeLabelsApi([
      makeTower({
        loginBackoff: {
          refusals: 2,
          lastCode: 'LOGIN_FAILED',
          lastRefusedAt: DateTime.now().toISO()!,
          nextLoginAt,
        },
      }),
    ]);
    await renderInLanguage('zh-CN', api, <CapeLabelsCard />);
    expect(await screen.findByText(/^Tower 已连续/)).toHaveTextContent(
      'Tower 已连续 2 次拒绝登录（LOGIN_FAILED）：2小时后再尝试登录；“立即清理”会立即尝试',
    );
  });

  it('opens the details in Chinese: trigger, duration, counts', async () => {
    const run = makeRun({
      trigger: 'manual',
      requestedBy: 'user:default/alice',
      durationMs: 65_000,
      dryRun: true,
      counts: makeCounts({ scanned: 1234, kept: 2500, wouldDelete: 3 }),
    });
    const api = mockCapeLabelsApi([makeTower({ lastRun: run })]);
    await renderInLanguage('zh-CN', api, <CapeLabelsCard />);

    const row = await findTowerRow('Production A');
    expect(within(figure(row, '将删除')).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('将删除')).toBeInTheDocument();
    expect(within(row).getByText('上次运行：试运行')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '详情' }));
    const details = (await screen.findByText('上次运行')).parentElement!;
    expect(within(details).getByText('上次运行')).toBeInTheDocument();
    expect(
      within(details).getByRole('group', { name: '触发方式' }),
    ).toHaveTextContent('手动（alice）');
    expect(within(details).getByText('1 分钟 5 秒')).toHaveTextContent(
      '1 分钟 5 秒',
    );
    expect(details).toHaveTextContent('保留：2,500');
    expect(details).toHaveTextContent('模式：试运行');
    expect(screen.getByRole('button', { name: '收起详情' })).toHaveTextContent(
      '收起详情',
    );
  });
});
