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

export function csvCell(value: string | null | undefined): string {
  if (!value) return '';
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  const text = FORMULA_START.test(inner) ? `'${inner}` : inner;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

type Column = readonly [
  en: string,
  zh: string,
  cell: (o: LabelOutcome, requestedBy?: string) => string | null | undefined,
];

const COLUMNS: readonly Column[] = [
  ['label_id', '标签 ID', o => o.labelId],
  ['key', '键', o => o.key],
  ['value', '值', o => o.value],
  ['action', '处理', o => o.action],
  ['reason', '原因', o => o.reason],
  ['created_at', '创建时间', o => o.createdAt],
  ['relation', '引用关系', o => o.relation],
  ['requested_by', '请求人', (_, requestedBy) => requestedBy],
  // Last: a column added later, so that scripts reading columns by position keep working.
  ['detail', '详情', o => o.detail],
];

const HEADER: Record<CapeLabelsLanguage, 0 | 1> = { en: 0, 'zh-CN': 1 };

/** Excel reads a CSV without a byte order mark in the system's code page, garbling Chinese. */
const BOM = '\uFEFF';

type CsvRun = { id: string; towerId: string; requestedBy?: string };

export const CSV_PAGE_SIZE = 1_000;

async function* csvChunks(
  store: RunsStore,
  run: CsvRun,
  filter: OutcomeFilter,
  lang: CapeLabelsLanguage,
): AsyncGenerator<string> {
  const header = csvLine(COLUMNS.map(column => column[HEADER[lang]]));
  yield lang === 'en' ? header : `${BOM}${header}`;
  for await (const page of store.iterateOutcomes(run.id, filter, CSV_PAGE_SIZE))
    yield page
      .map(o => csvLine(COLUMNS.map(([, , cell]) => cell(o, run.requestedBy))))
      .join('');
}

export async function sendOutcomesCsv(
  res: express.Response,
  store: RunsStore,
  run: CsvRun,
  filter: OutcomeFilter,
  logger: LoggerService,
  lang: CapeLabelsLanguage = 'en',
): Promise<void> {
  res.status(200).attachment(`cape-labels-${run.towerId}-${run.id}.csv`);
  // The app calls from another origin: let it read the file name.
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  res.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(Readable.from(csvChunks(store, run, filter, lang)), res);
  } catch (error) {
    // Past the first bytes an error cannot be an error answer: a cut connection shows it incomplete.
    logger.warn(`CSV of run ${run.id} cut short: ${stringifyError(error)}`);
    res.destroy();
  }
}
