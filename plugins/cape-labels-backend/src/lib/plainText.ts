/**
 * C0/C1 control characters, and the Unicode formatting characters that reorder or hide text
 * (bidi embeddings, overrides and isolates, line and paragraph separators): a Tower's answer
 * must not be able to forge log lines or disguise what the card shows.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** Error text stored on a run, at most (UTF-8 bytes). */
export const MAX_STORED_ERROR_BYTES = 2048;

const ELLIPSIS = '…';

/** Cuts `text` to at most `maxBytes` of UTF-8, on a character boundary, marking the cut. */
function capBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const budget = maxBytes - Buffer.byteLength(ELLIPSIS, 'utf8');
  let used = 0;
  let out = '';
  for (const char of text) {
    used += Buffer.byteLength(char, 'utf8');
    if (used > budget) break;
    out += char;
  }
  return out + ELLIPSIS;
}

/** Stands in for each unsafe character of a label value: visible, unlike a space. */
const REPLACEMENT = '\uFFFD';

/**
 * A label value as the API, the CSV and the audit trail give it: each control or bidi character
 * replaced by U+FFFD (the database keeps the value as Tower sent it).
 */
export function plainValue(value: string): string;
export function plainValue(value: string | null): string | null;
export function plainValue(value: string | null): string | null {
  return value === null ? null : value.replace(UNSAFE, REPLACEMENT);
}

/** Half of a UTF-16 pair without its other half: no character, and not storable as UTF-8. */
const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A raw value recorded so that it can still be found: each unsafe character (and the backslash)
 * written as a `\uXXXX` escape, at most `maxChars` characters, the cut marked. For values whose
 * every character matters, like a malformed label id.
 */
export function escapedText(text: string, maxChars: number): string {
  const escaped = text
    .replace(/[\\]/g, '\\\\')
    .replace(UNSAFE, unicodeEscape)
    .replace(LONE_SURROGATE, unicodeEscape);
  const chars = [...escaped];
  return chars.length <= maxChars
    ? escaped
    : chars.slice(0, maxChars - 1).join('') + ELLIPSIS;
}

/** One line of plain text: unsafe characters become spaces, at most `maxBytes` long. */
export function plainText(text: string, maxBytes?: number): string {
  const plain = text.replace(UNSAFE, ' ');
  return maxBytes === undefined ? plain : capBytes(plain, maxBytes);
}
