import type {
  CapeLabelsLanguage,
  PluginRunErrorCode,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import type { NotificationSeverity } from '@backstage/plugin-notifications-common';
import { runHealthMessage, runLink } from './messages';
import type { RunProblem } from './runHealth';

const badRunMessage = (
  tower: TowerConfig,
  run: RunSummary,
  severity: NotificationSeverity,
  problems: RunProblem[],
  language?: CapeLabelsLanguage,
) =>
  runHealthMessage(tower, run, { health: 'bad', severity, problems }, language);

const recoveredMessage = (
  tower: TowerConfig,
  run: RunSummary,
  language?: CapeLabelsLanguage,
) => runHealthMessage(tower, run, { health: 'good' }, language);

describe('runLink', () => {
  it("points at the run on its Tower's page, below the configured page path", () => {
    expect(runLink({ towerId: 'prod-a', id: 'run-1' }, '/cape-labels')).toBe(
      '/cape-labels/towers/prod-a?run=run-1',
    );
    expect(
      runLink({ towerId: 'prod-a', id: 'run-1' }, '/portal/ops/cape'),
    ).toBe('/portal/ops/cape/towers/prod-a?run=run-1');
  });

  it('keeps odd Tower and run ids inside their part of the link', () => {
    expect(runLink({ towerId: 'lab/a?b', id: 'r&1' }, '/cape-labels')).toBe(
      '/cape-labels/towers/lab%2Fa%3Fb?run=r%261',
    );
  });
});

describe('badRunMessage', () => {
  const tower = { id: 'prod-a', title: 'Production A' } as TowerConfig;
  const run = (over: Partial<RunSummary>) =>
    ({
      id: 'run-1',
      towerId: 'prod-a',
      status: 'failed',
      startedAt: '2026-01-01T00:00:00.000Z',
      trigger: 'manual',
      ...over,
    }) as RunSummary;
  const description = (over: Partial<RunSummary>) =>
    badRunMessage(tower, run(over), 'high', [{ kind: 'failed' }]).description;

  it('names who asked for the run, with the principal type', () => {
    expect(description({ requestedBy: 'service:pipeline' })).toBe(
      'Run run-1 (failed, 2026-01-01T00:00:00.000Z, requested by service:pipeline): the run failed: unknown error.',
    );
    expect(description({ requestedBy: 'user:default/jane' })).toContain(
      'requested by user:default/jane',
    );
    expect(description({ trigger: 'schedule' })).not.toContain('requested');
  });
});

describe('notifications in the configured language', () => {
  const tower = { id: 'prod-a', title: '生产 A' } as TowerConfig;
  const run = {
    id: 'run-1',
    towerId: 'prod-a',
    status: 'partial',
    startedAt: '2026-01-01T00:00:00.000Z',
    trigger: 'manual',
    requestedBy: 'user:default/jane',
    counts: { deleted: 3, kept: 2 },
  } as RunSummary;
  /** What is left once ids, refs, timestamps, config keys and "Tower" are taken out. */
  const latinWords = (text: string) =>
    text
      .replace(/run-1|user:default\/jane|2026-01-01T00:00:00\.000Z/g, '')
      .replace(
        /maxDeletesPerRun|authConfigId|Tower|TLS|GraphQL|HTTP|LDAP|API|CAPE/g,
        '',
      )
      .match(/[A-Za-z]{3,}/g) ?? [];

  it('zh-CN: every problem, and every plugin error code, worded in Chinese with its params', () => {
    const codes: PluginRunErrorCode[] = [
      'LOGIN_FAILED',
      'NO_TOKEN',
      'API_KEY_REFUSED',
      'LDAP_CONFIG_UNKNOWN',
      'LDAP_CONFIG_AMBIGUOUS',
      'TIMEOUT',
      'REDIRECT',
      'TLS',
      'NETWORK',
      'MALFORMED_RESPONSE',
      'RESPONSE_TOO_LARGE',
      'UNEXPECTED_SHAPE',
      'RELATIONS_UNKNOWN',
      'GRAPHQL_ERROR',
      'HTTP_503',
      'ABORTED',
      'CAP_REACHED',
      'STORE_FAILED',
      'INTERNAL',
      'REPLICA_LOST',
    ];
    for (const code of codes) {
      const message = badRunMessage(
        tower,
        { ...run, status: 'failed' },
        'high',
        [
          {
            kind: 'failed',
            error: {
              code,
              message: 'an English sentence the backend wrote',
              params: { timeoutMs: 300, maxDeletesPerRun: 50, status: 302 },
            },
          },
        ],
        'zh-CN',
      );
      expect({ code, latin: latinWords(message.description ?? '') }).toEqual({
        code,
        latin: [],
      });
    }
    const message = badRunMessage(
      tower,
      run,
      'normal',
      [
        {
          kind: 'partial',
          error: {
            code: 'CAP_REACHED',
            message: 'x',
            params: { maxDeletesPerRun: 50 },
          },
        },
        { kind: 'cap', count: 7 },
        { kind: 'labels-failed', count: 2 },
        { kind: 'raced', count: 1 },
      ],
      'zh-CN',
    );
    expect(message.title).toBe('生产 A 的 CAPE 标签清理需要关注');
    expect(message.description).toBe(
      '运行 run-1（部分完成，2026-01-01T00:00:00.000Z，由 user:default/jane 请求）：' +
        '运行部分完成：已达到每次运行的删除上限 maxDeletesPerRun（50），其余标签留待下次运行；' +
        '达到了删除上限：7 个孤儿标签留待下次运行；2 个标签未能删除；1 个标签在删除时被重新使用（竞争）。',
    );
    expect(latinWords(message.title + message.description)).toEqual([]);
    const recovered = recoveredMessage(
      tower,
      { ...run, status: 'succeeded' },
      'zh-CN',
    );
    expect(recovered.title).toBe('生产 A 的 CAPE 标签清理已恢复');
    expect(recovered.description).toBe(
      '运行 run-1 成功：删除 3 个，保留 2 个，没有失败。',
    );
  });

  it('zh-CN keeps the message of a code Tower sent (there are no words for it); en is the default', () => {
    const failed = [
      {
        kind: 'failed' as const,
        error: {
          code: 'USER_PASSWORD_INCORRECT',
          message: 'Tower t1: login failed: bad password',
        },
      },
    ];
    expect(
      badRunMessage(tower, run, 'high', failed, 'zh-CN').description,
    ).toContain('运行失败：Tower t1: login failed: bad password');
    expect(badRunMessage(tower, run, 'high', failed).title).toBe(
      'CAPE label sweep of 生产 A needs attention',
    );
  });
});
