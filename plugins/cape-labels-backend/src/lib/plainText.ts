/**
 * Control characters, and those that reorder or hide text (bidi, line and paragraph separators):
 * a Tower's answer must not forge log lines or disguise what the card shows.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

export const MAX_STORED_ERROR_BYTES = 2048;

const ELLIPSIS = '…';

/** Visible, unlike a space. */
const REPLACEMENT = '\uFFFD';

/** The database keeps a label value as Tower sent it; the API, the CSV and the audit get this. */
export function plainValue(value: string): string;
export function plainValue(value: string | null): string | null;
export function plainValue(value: string | null): string | null {
  return value === null ? null : value.replace(UNSAFE, REPLACEMENT);
}

/** Not storable as UTF-8. */
const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** For values whose every character matters, like a malformed label id: escaped, still findable. */
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

export function plainText(text: string, maxBytes?: number): string {
  const plain = text.replace(UNSAFE, ' ');
  if (maxBytes === undefined || Buffer.byteLength(plain) <= maxBytes)
    return plain;
  const budget = new Uint8Array(maxBytes - Buffer.byteLength(ELLIPSIS));
  const { read } = new TextEncoder().encodeInto(plain, budget);
  return plain.slice(0, read) + ELLIPSIS;
}
