import type {
  CapeLabelsLanguage,
  LabelOutcome,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type express from 'express';
import type { RunsStore } from '../database/RunsStore';

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

function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const CSV_COLUMNS = [
  'label_id',
  'key',
  'value',
  'action',
  'reason',
  'created_at',
  'relation',
  'requested_by',
  // Last: a column added later, so that scripts reading columns by position keep working.
  'detail',
] as const;

type Column = (typeof CSV_COLUMNS)[number];

/** The header row in each language; the cells below stay as the API answers them. */
const CSV_HEADERS: Record<CapeLabelsLanguage, Record<Column, string>> = {
  en: Object.fromEntries(CSV_COLUMNS.map(c => [c, c])) as Record<
    Column,
    string
  >,
  'zh-CN': {
    label_id: '标签 ID',
    key: '键',
    value: '值',
    action: '处理',
    reason: '原因',
    created_at: '创建时间',
    relation: '引用关系',
    requested_by: '请求人',
    detail: '详情',
  },
};

/**
 * Excel reads a CSV without a byte order mark in the system's code page, which garbles Chinese:
 * the zh-CN file starts with one (the English one stays plain ASCII as before).
 */
const BOM = '\uFEFF';

function headerLine(lang: CapeLabelsLanguage): string {
  const line = csvLine(CSV_COLUMNS.map(c => CSV_HEADERS[lang][c]));
  return lang === 'en' ? line : `${BOM}${line}`;
}

/** The run a CSV is of: its outcomes, and who asked for it on every row. */
type CsvRun = { id: string; towerId: string; requestedBy?: string };

/** Rows read from the database per query while streaming. */
export const CSV_PAGE_SIZE = 1_000;

function outcomeLine(o: LabelOutcome, requestedBy: string | undefined): string {
  return csvLine([
    o.labelId,
    o.key,
    o.value,
    o.action,
    o.reason,
    o.createdAt,
    o.relation,
    requestedBy,
    o.detail,
  ]);
}

async function* csvChunks(
  store: RunsStore,
  run: CsvRun,
  filter: OutcomeFilter,
  lang: CapeLabelsLanguage,
): AsyncGenerator<string> {
  yield headerLine(lang);
  for await (const page of store.iterateOutcomes(run.id, filter, CSV_PAGE_SIZE))
    yield page.map(o => outcomeLine(o, run.requestedBy)).join('');
}

/**
 * Streams the run's outcomes as CSV with backpressure: one page of rows in memory at a time; a
 * client that goes away stops the reading. A database error after the first bytes cannot become
 * an error answer any more, so the connection is cut (the file is visibly incomplete).
 */
export async function sendOutcomesCsv(
  res: express.Response,
  store: RunsStore,
  run: CsvRun,
  filter: OutcomeFilter,
  logger: LoggerService,
  lang: CapeLabelsLanguage = 'en',
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="cape-labels-${run.towerId}-${run.id}.csv"`,
  );
  // The app calls from another origin: let it read the file name.
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  res.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(Readable.from(csvChunks(store, run, filter, lang)), res);
  } catch (error) {
    // also when the client went away: then there is nobody left to tell
    logger.warn(`CSV of run ${run.id} cut short: ${stringifyError(error)}`);
    res.destroy();
  }
}
