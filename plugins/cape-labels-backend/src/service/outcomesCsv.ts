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
import type { RunsStore } from '../database/RunStore';

/**
 * Anyone who can label a VM writes label values, and spreadsheets run a cell starting with one of
 * these as a formula (CWE-1236): prefix an apostrophe to show it as text. Spreadsheets that split
 * cells at `;` or tab would start a formula there too (`ns;=HYPERLINK(...)`).
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

type Cell = (
  o: LabelOutcome,
  requestedBy?: string,
) => string | null | undefined;

const CSV_CELLS = {
  label_id: o => o.labelId,
  key: o => o.key,
  value: o => o.value,
  action: o => o.action,
  reason: o => o.reason,
  created_at: o => o.createdAt,
  relation: o => o.relation,
  requested_by: (_, requestedBy) => requestedBy,
  // Last: a column added later, so that scripts reading columns by position keep working.
  detail: o => o.detail,
} satisfies Record<string, Cell>;

type Column = keyof typeof CSV_CELLS;

const CSV_COLUMNS = Object.keys(CSV_CELLS) as Column[];

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

/** Excel reads a CSV without a byte order mark in the system's code page, garbling Chinese. */
const BOM = '\uFEFF';

function headerLine(lang: CapeLabelsLanguage): string {
  const line = csvLine(CSV_COLUMNS.map(c => CSV_HEADERS[lang][c]));
  return lang === 'en' ? line : `${BOM}${line}`;
}

type CsvRun = { id: string; towerId: string; requestedBy?: string };

export const CSV_PAGE_SIZE = 1_000;

function outcomeLine(o: LabelOutcome, requestedBy: string | undefined): string {
  return csvLine(CSV_COLUMNS.map(c => CSV_CELLS[c](o, requestedBy)));
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
 * After the first bytes an error can no longer become an error answer: cut the connection so that
 * the file is visibly incomplete.
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
    logger.warn(`CSV of run ${run.id} cut short: ${stringifyError(error)}`);
    res.destroy();
  }
}
