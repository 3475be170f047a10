import { plainText } from '../lib/plainText';
import type { TowerHttpErrorBody } from './errors';

/*
 * The body of a non-2xx answer, as Tower and the gateways in front of it send it: a JSON
 * ErrorBody (`{code?, message, status, path}`), GraphQL errors (`{errors: [{message, code}]}`,
 * the code at the top level or under `extensions`), or an HTML or plain-text page.
 */

/** Bytes of an error body read at most; the rest is dropped unread. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/**
 * Characters dropped before the cut of a body longer than that: a secret cut in two there
 * would no longer match the scrubber, so the part before the cut is never quoted.
 */
const CUT_MARGIN = 4096;
/** Tower's words kept from an error body (UTF-8 bytes): the status and code stay readable. */
const MAX_WORDS_BYTES = 512;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v : undefined;

/** A GraphQL error's code: at the top level (Tower) or under `extensions` (most servers). */
export function graphqlErrorCode(error: unknown): string | undefined {
  if (!isObj(error)) return undefined;
  return (
    str(error.code) ??
    (isObj(error.extensions) ? str(error.extensions.code) : undefined)
  );
}

function fromJson(value: unknown): TowerHttpErrorBody {
  if (!isObj(value)) return {};
  if (Array.isArray(value.errors)) {
    const errors: unknown[] = value.errors;
    const first = errors[0];
    return {
      code: graphqlErrorCode(first),
      message: isObj(first) ? str(first.message) : undefined,
      messages: errors.flatMap(e => {
        const m = isObj(e) ? str(e.message) : undefined;
        return m ? [m] : [];
      }),
    };
  }
  return {
    code: str(value.code),
    message: str(value.message) ?? str(value.error),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi,
    (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const point =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return point > 0 && point <= 0x10ffff
        ? String.fromCodePoint(point)
        : whole;
    },
  );
}

/** Where the markup starting at `lt` ends: after its `>`, or after a script or style element. */
function skipMarkup(html: string, lower: string, lt: number): number {
  if (lower.startsWith('<!--', lt)) {
    const end = lower.indexOf('-->', lt + 4);
    return end < 0 ? html.length : end + 3;
  }
  const element = /^<(script|style)[\s>/]/.exec(lower.slice(lt, lt + 8));
  const close = element ? lower.indexOf(`</${element[1]}`, lt) : lt;
  if (close < 0) return html.length;
  const gt = html.indexOf('>', close);
  return gt < 0 ? html.length : gt + 1;
}

/** The text of an HTML page: tags, comments, scripts and styles dropped; linear in its length. */
function htmlText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      out += html.slice(at);
      break;
    }
    out += `${html.slice(at, lt)} `;
    at = skipMarkup(html, lower, lt);
  }
  return decodeEntities(out);
}

function words(text: string | undefined, scrub: (t: string) => string) {
  if (text === undefined) return undefined;
  const line = plainText(scrub(text)).replace(/\s+/g, ' ').trim();
  return line ? plainText(line, MAX_WORDS_BYTES) : undefined;
}

/**
 * Tower's code and words from an error body (`cut`: only its first MAX_ERROR_BODY_BYTES were
 * read). `scrub` removes secrets; it runs on the raw body and again on what was decoded from
 * it (an HTML page may carry a secret as entities).
 */
export function parseErrorBody(
  raw: string,
  cut: boolean,
  contentType: string | null,
  scrub: (text: string) => string,
): TowerHttpErrorBody {
  const text = scrub(cut ? raw.slice(0, -CUT_MARGIN) : raw).trim();
  if (!text) return {};
  let found: TowerHttpErrorBody;
  if (text.startsWith('{')) {
    try {
      found = fromJson(JSON.parse(text));
    } catch {
      found = { message: text };
    }
  } else if (text.startsWith('<') || /html/i.test(contentType ?? '')) {
    found = { message: htmlText(text) };
  } else {
    found = { message: text };
  }
  const body: TowerHttpErrorBody = {};
  const code = words(found.code, scrub);
  const message = words(found.message, scrub);
  if (code) body.code = code;
  if (message) body.message = message;
  if (found.messages?.length)
    body.messages = found.messages.map(m => words(m, scrub) ?? '');
  return body;
}
