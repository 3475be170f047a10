import type {
  LabelOutcome,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import type express from 'express';
import type { RunStore } from '../database';
import { csvLine } from './csv';

const CSV_HEADER = [
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
  store: RunStore,
  run: CsvRun,
  filter: OutcomeFilter,
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
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
  store: RunStore,
  run: CsvRun,
  filter: OutcomeFilter,
  logger: LoggerService,
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
    await pipeline(Readable.from(csvChunks(store, run, filter)), res);
  } catch (error) {
    // also when the client went away: then there is nobody left to tell
    logger.warn(`CSV of run ${run.id} cut short: ${stringifyError(error)}`);
    res.destroy();
  }
}
