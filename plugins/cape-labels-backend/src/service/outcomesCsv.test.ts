import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { mockServices } from '@backstage/backend-test-utils';
import express from 'express';
import request from 'supertest';
import type { RunStore } from '../database/RunStore';
import { csvCell, sendOutcomesCsv } from './outcomesCsv';

const outcome: LabelOutcome = {
  labelId: 'l-1',
  key: 'cape-cluster-name',
  value: 'a',
  createdAt: '2026-11-30T00:00:00.000Z',
  action: 'deleted',
};

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@A1', "'@A1"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=A1,"x"', `"'=A1,""x"""`],
    ['a=b', 'a=b'],
    // a cell again where a spreadsheet splits on ; (its locale) or tab (tab-separated import)
    ['ns;=HYPERLINK("http://x")', `"ns;'=HYPERLINK(""http://x"")"`],
    ['ns;=1+1', "ns;'=1+1"],
    ['a; +1', "a; '+1"],
    ['a;-1;@A1', "a;'-1;'@A1"],
    ['a\t=1', "a\t'=1"],
    ['\t=1', "'\t'=1"],
    ['a;b', 'a;b'],
    ['a;b=c', 'a;b=c'],
  ])('%j becomes %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('sendOutcomesCsv', () => {
  it('cuts the connection when the database fails after the first page', async () => {
    const store = {
      async *iterateOutcomes() {
        yield [outcome];
        throw new Error('database went away');
      },
    } as unknown as RunStore;
    const logger = mockServices.logger.mock();
    const app = express();
    app.get('/csv', async (_req, res) => {
      await sendOutcomesCsv(
        res,
        store,
        { id: 'r1', towerId: 't1' },
        {},
        logger,
      );
    });
    await expect(request(app).get('/csv')).rejects.toThrow();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('database went away'),
    );
  });
});
