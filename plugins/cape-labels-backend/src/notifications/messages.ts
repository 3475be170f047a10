import type { NotificationPayload } from '@backstage/plugin-notifications-common';
import type {
  CapeLabelsLanguage,
  PluginRunErrorCode,
  RunError,
  RunStatus,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import { plainValue } from '../lib/plainText';
import { describeHolder, type HeldDeletion } from '../sweep/decide';
import type { RunHealth, RunProblem } from './runHealth';

export function runLink(
  run: Pick<RunSummary, 'id' | 'towerId'>,
  pagePath: string,
): string {
  const query = new URLSearchParams({ run: run.id });
  return `${pagePath}/towers/${encodeURIComponent(run.towerId)}?${query}`;
}

type Params = Record<string, string | number>;
type Problem = { count?: number; error?: RunError };

/** Codes Tower or the system sent keep the English message. */
const ZH_ERRORS: Partial<
  Record<PluginRunErrorCode, (params: Params) => string>
> = {
  LOGIN_FAILED: () => 'Tower 拒绝了登录',
  NO_TOKEN: () => '登录未返回令牌：Tower 要求二次验证（请改用 API 密钥）',
  API_KEY_REFUSED: () => 'Tower 拒绝了配置的 API 密钥',
  LDAP_CONFIG_UNKNOWN: () => '配置的 authConfigId 不是 Tower 列出的 LDAP 配置',
  LDAP_CONFIG_AMBIGUOUS: () =>
    'Tower 列出了多个 LDAP 配置，请用 authConfigId 指定一个',
  TIMEOUT: p => `${p.timeoutMs ?? ''} 毫秒内 Tower 没有应答`,
  REDIRECT: p => `Tower 或代理返回了重定向 HTTP ${p.status ?? ''}（从不跟随）`,
  TLS: () => 'TLS 证书或握手失败',
  NETWORK: () => '网络错误，无法连接 Tower',
  MALFORMED_RESPONSE: () => 'Tower 的应答无法解析',
  RESPONSE_TOO_LARGE: () => 'Tower 的应答过大',
  UNEXPECTED_SHAPE: () => 'Tower 的应答格式不符合预期',
  RELATIONS_UNKNOWN: () => '无法读取标签的引用关系，未删除任何标签',
  GRAPHQL_ERROR: () => 'Tower 返回了 GraphQL 错误',
  ABORTED: () => '运行在完成前被停止',
  CAP_REACHED: p =>
    `已达到每次运行的删除上限 maxDeletesPerRun（${p.maxDeletesPerRun ?? ''}），其余标签留待下次运行`,
  STORE_FAILED: () => '无法写入运行记录，运行已停止',
  INTERNAL: () => '清理时发生内部错误',
  REPLICA_LOST: () => '执行清理的副本在完成前停止了',
};

function zhError(error: RunError | undefined): string {
  if (!error) return '未知错误';
  const code = error.code ?? '';
  if (/^HTTP_\d+$/.test(code)) return `Tower 返回了 HTTP ${code.slice(5)}`;
  const words = ZH_ERRORS[code as PluginRunErrorCode];
  return words?.(error.params ?? {}) ?? error.message;
}

const ZH_STATUS: Record<RunStatus, string> = {
  running: '运行中',
  lost: '已失联',
  succeeded: '成功',
  partial: '部分完成',
  failed: '失败',
  aborted: '已中止',
};

const EN = {
  badTitle: (t: string) => `CAPE label sweep of ${t} needs attention`,
  recoveredTitle: (t: string) => `CAPE label sweep of ${t} recovered`,
  badDescription: (run: RunSummary, problems: string[]) =>
    `Run ${run.id} (${run.status}, ${run.startedAt}${run.requestedBy ? `, requested by ${run.requestedBy}` : ''}): ${problems.join('; ')}.`,
  recoveredDescription: (run: RunSummary) =>
    `Run ${run.id} succeeded: deleted ${run.counts.deleted}, kept ${run.counts.kept}, nothing failed.`,
  problem: {
    failed: (p: Problem) =>
      `the run failed: ${p.error?.message ?? 'unknown error'}`,
    cap: (p: Problem) =>
      `the deletion cap was hit: ${p.count} orphan label(s) wait for the next run`,
    partial: (p: Problem) =>
      `the run ended partial${p.error ? `: ${p.error.message}` : ''}`,
    'labels-failed': (p: Problem) => `${p.count} label(s) could not be deleted`,
    raced: (p: Problem) =>
      `${p.count} label(s) came into use while being deleted (raced)`,
  } satisfies Record<RunProblem['kind'], (p: Problem) => string>,
};

const WORDS: Record<CapeLabelsLanguage, typeof EN> = {
  en: EN,
  'zh-CN': {
    badTitle: t => `${t} 的 CAPE 标签清理需要关注`,
    recoveredTitle: t => `${t} 的 CAPE 标签清理已恢复`,
    badDescription: (run, problems) =>
      `运行 ${run.id}（${ZH_STATUS[run.status]}，${run.startedAt}${run.requestedBy ? `，由 ${run.requestedBy} 请求` : ''}）：${problems.join('；')}。`,
    recoveredDescription: run =>
      `运行 ${run.id} 成功：删除 ${run.counts.deleted} 个，保留 ${run.counts.kept} 个，没有失败。`,
    problem: {
      failed: p => `运行失败：${zhError(p.error)}`,
      cap: p => `达到了删除上限：${p.count} 个孤儿标签留待下次运行`,
      partial: p => `运行部分完成${p.error ? `：${zhError(p.error)}` : ''}`,
      'labels-failed': p => `${p.count} 个标签未能删除`,
      raced: p => `${p.count} 个标签在删除时被重新使用（竞争）`,
    },
  },
};

/** Lists each label's key and value so that it can be recreated. */
export function heldDeletedMessage(
  tower: TowerConfig,
  run: RunSummary,
  labels: readonly HeldDeletion[],
  language: CapeLabelsLanguage = 'en',
): NotificationPayload {
  const lines = labels.map(
    l =>
      `${l.key}=${plainValue(l.value) ?? ''} (${l.labelId}) ← ${describeHolder(l.holder)}`,
  );
  const zh = language === 'zh-CN';
  return {
    topic: 'cape-labels',
    scope: `cape-labels:tower:${tower.id}:held:${run.id}`,
    severity: 'critical',
    title: zh
      ? `${tower.title} 的 CAPE 标签清理删除了仍被引用的标签`
      : `CAPE label sweep of ${tower.title} deleted labels still in use`,
    description: zh
      ? `运行 ${run.id} 删除的 ${labels.length} 个标签现在被安全组、策略或其他对象引用，请按键和值重建并重新关联：${lines.join('；')}`
      : `Run ${run.id} deleted ${labels.length} label(s) that a security group, policy or other object now names; recreate each with its key and value and put it back: ${lines.join('; ')}`,
  };
}

export function runHealthMessage(
  tower: TowerConfig,
  run: RunSummary,
  verdict: Exclude<RunHealth, { health: 'unknown' }>,
  language: CapeLabelsLanguage = 'en',
): NotificationPayload {
  const words = WORDS[language];
  const bad = verdict.health === 'bad';
  return {
    // One scope per Tower: a Tower failing every day updates one notification.
    topic: 'cape-labels',
    scope: `cape-labels:tower:${tower.id}`,
    title: (bad ? words.badTitle : words.recoveredTitle)(tower.title),
    description: bad
      ? words.badDescription(
          run,
          verdict.problems.map(p => words.problem[p.kind](p)),
        )
      : words.recoveredDescription(run),
    severity: bad ? verdict.severity : 'low',
  };
}
