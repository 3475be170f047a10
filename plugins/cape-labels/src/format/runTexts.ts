import type {
  PluginRunErrorCode,
  RunError,
  RunNote,
  RunNoteCode,
} from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';
import { capeLabelsMessages } from '../translation/translation';

type ErrorCodeWithoutStatus = Exclude<PluginRunErrorCode, `HTTP_${number}`>;
type Params = Record<string, string | number>;

/** How each of the plugin's own error codes is worded; `HTTP_<status>` apart. */
const runErrorKeys = {
  LOGIN_FAILED: 'runError.LOGIN_FAILED',
  NO_TOKEN: 'runError.NO_TOKEN',
  API_KEY_REFUSED: 'runError.API_KEY_REFUSED',
  LOGIN_PAUSED: 'runError.LOGIN_PAUSED',
  LDAP_CONFIG_UNKNOWN: 'runError.LDAP_CONFIG_UNKNOWN',
  LDAP_CONFIG_AMBIGUOUS: 'runError.LDAP_CONFIG_AMBIGUOUS',
  TIMEOUT: 'runError.TIMEOUT',
  REDIRECT: 'runError.REDIRECT',
  TLS: 'runError.TLS',
  NETWORK: 'runError.NETWORK',
  MALFORMED_RESPONSE: 'runError.MALFORMED_RESPONSE',
  RESPONSE_TOO_LARGE: 'runError.RESPONSE_TOO_LARGE',
  UNEXPECTED_SHAPE: 'runError.UNEXPECTED_SHAPE',
  RELATIONS_UNKNOWN: 'runError.RELATIONS_UNKNOWN',
  GRAPHQL_ERROR: 'runError.GRAPHQL_ERROR',
  ABORTED: 'runError.ABORTED',
  CAP_REACHED: 'runError.CAP_REACHED',
  STORE_FAILED: 'runError.STORE_FAILED',
  INTERNAL: 'runError.INTERNAL',
  REPLICA_LOST: 'runError.REPLICA_LOST',
} as const satisfies Record<ErrorCodeWithoutStatus, string>;

/** Every error code the plugin gives a run (one status stands for `HTTP_<status>`). */
export const PLUGIN_RUN_ERROR_CODES: readonly PluginRunErrorCode[] = [
  ...(Object.keys(runErrorKeys) as ErrorCodeWithoutStatus[]),
  'HTTP_502',
];

const noteKeys = {
  DELETE_COUNT_MISMATCH: 'note.DELETE_COUNT_MISMATCH',
  DELETE_UNANSWERED_SETTLED: 'note.DELETE_UNANSWERED_SETTLED',
  LATE_DELETIONS_CORRECTED: 'note.LATE_DELETIONS_CORRECTED',
  LATE_DELETIONS_UNRECORDED: 'note.LATE_DELETIONS_UNRECORDED',
  LATE_DELETIONS_RECORDED: 'note.LATE_DELETIONS_RECORDED',
  RECHECK_FAILED: 'note.RECHECK_FAILED',
  LOGIN_API_KEY: 'note.LOGIN_API_KEY',
  LOGIN_LDAP_AUTHN: 'note.LOGIN_LDAP_AUTHN',
  LOGIN_LDAP_NO_AUTHN_STRATEGIES: 'note.LOGIN_LDAP_NO_AUTHN_STRATEGIES',
  LOGIN_LDAP_NO_LDAP_CONFIG: 'note.LOGIN_LDAP_NO_LDAP_CONFIG',
  LOGIN_REFUSED_BACKOFF: 'note.LOGIN_REFUSED_BACKOFF',
  CANCELLED_BY_SCHEDULER: 'note.CANCELLED_BY_SCHEDULER',
  STOPPED: 'note.STOPPED',
  DELETE_REFUSED_SPLIT: 'note.DELETE_REFUSED_SPLIT',
  RELATIONS_LACKING_BUILT_IN: 'note.RELATIONS_LACKING_BUILT_IN',
  RELATIONS_BEYOND_BUILT_IN: 'note.RELATIONS_BEYOND_BUILT_IN',
  RELATIONS_READ_DIRECTLY: 'note.RELATIONS_READ_DIRECTLY',
  RELATIONS_UNCLEAR: 'note.RELATIONS_UNCLEAR',
  HOLDER_UNREADABLE: 'note.HOLDER_UNREADABLE',
  HELD_LABEL_DELETED: 'note.HELD_LABEL_DELETED',
  HELD_CHECK_FAILED: 'note.HELD_CHECK_FAILED',
  MORE_NOTES_IN_LOG: 'note.MORE_NOTES_IN_LOG',
} as const satisfies Record<RunNoteCode, string>;

/** Every code of a run's notes. */
export const RUN_NOTE_CODES = Object.keys(noteKeys) as RunNoteCode[];

/** The English messages of errors and notes by key, for the placeholders each needs. */
const english: Record<string, string> = Object.fromEntries(
  (['runError', 'note'] as const).flatMap(group =>
    Object.entries(capeLabelsMessages[group]).map(([name, message]) => [
      `${group}.${name}`,
      message,
    ]),
  ),
);

/** The names `{{...}}` placeholders of `message` use. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)/g)].map(m => m[1]);
}

/**
 * `key` worded with `params`, or undefined when a placeholder has no param (a record written
 * before the backend sent them): then the backend's own message is the better text.
 */
function worded(
  t: CapeLabelsT,
  key: string,
  params: Params = {},
): string | undefined {
  if (placeholders(english[key]).some(name => !(name in params)))
    return undefined;
  // the key is one of runErrorKeys' or noteKeys', its placeholders checked above
  return (t as unknown as (k: string, p: Params) => string)(key, params);
}

/**
 * A run's error in the reader's language: the plugin's codes worded by the frontend, the
 * backend's English message for codes Tower or the system sent.
 */
export function runErrorText(error: RunError, t: CapeLabelsT): string {
  const code = error.code;
  if (!code) return error.message;
  const status = /^HTTP_(\d{3})$/.exec(code)?.[1];
  if (status) return t('runError.HTTP', { status });
  if (!(code in runErrorKeys)) return error.message;
  const key = runErrorKeys[code as ErrorCodeWithoutStatus];
  const text = worded(t, key, error.params);
  if (text !== undefined) return text;
  return code === 'CAP_REACHED'
    ? t('runError.CAP_REACHED_NO_LIMIT')
    : error.message;
}

/** A run's note in the reader's language; notes without a known code as the backend wrote them. */
export function runNoteText(note: RunNote, t: CapeLabelsT): string {
  if (!note.code || !(note.code in noteKeys)) return note.message;
  const key = noteKeys[note.code];
  return worded(t, key, note.params) ?? note.message;
}
