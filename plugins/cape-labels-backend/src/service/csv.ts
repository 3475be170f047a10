/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF, fields quoted when they hold a quote,
 * comma or line break, quotes doubled).
 *
 * A cell starting with `=`, `+`, `-`, `@`, tab or carriage return is read as a formula by Excel,
 * LibreOffice and Google Sheets; label values come from Tower (anyone who can label a VM writes
 * them), so such cells get a leading apostrophe and are shown as text (CWE-1236). A spreadsheet
 * whose locale separates lists with `;`, or one importing tab-separated text, starts a new cell
 * after each `;` or tab: a formula there (`ns;=HYPERLINK(...)`) gets the apostrophe too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([;\t][ ]*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;

function neutralised(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutralised(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(
  cells: ReadonlyArray<string | null | undefined>,
): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
