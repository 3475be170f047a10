import { mockServices } from '@backstage/backend-test-utils';
import { createTowerClient } from './TowerClient';
import { TowerResponseError } from './errors';
import { RawReply, rawServersEachTest } from './__testUtils__/rawServer';
import {
  caught,
  collect,
  labelRow,
  opts,
  withLogin,
} from './__testUtils__/clientHelpers';

describe('TowerClient protocol, against a raw HTTP server', () => {
  const start = rawServersEachTest();

  it('maps malformed JSON and unexpected shapes to TowerResponseError', async () => {
    let reply: RawReply = { raw: res => res.end('{"data": {"labels": [') };
    const server = await start(withLogin(() => reply));
    const client = createTowerClient(opts(server.url));
    let e = await caught(client.checkLabels(['a']));
    expect(e).toBeInstanceOf(TowerResponseError);
    expect(e.code).toBe('MALFORMED_RESPONSE');
    // A fixed message: the parser's own would quote the body.
    expect(e.message).toBe(
      'Tower raw: checkLabels failed: response is not valid JSON',
    );
    reply = { json: { data: { labels: 'nope' } } };
    e = await caught(client.checkLabels(['a']));
    expect(e.code).toBe('UNEXPECTED_SHAPE');
    reply = { json: { data: { deleteManyLabels: { count: 'lots' } } } };
    e = await caught(
      client.deleteLabelsGuarded({
        ids: ['a'],
        keys: ['cape-vip'],
        createdBefore: '2020-01-01T00:00:00Z',
      }),
    );
    expect(e.code).toBe('UNEXPECTED_SHAPE');
    reply = { json: { data: { labels: [{ total_num: 0 }] } } };
    e = await caught(client.readExistingIds(['a']));
    expect(e.code).toBe('UNEXPECTED_SHAPE');
  });

  it('parses a Long count given as a string and treats an unanswered relation as referencing', async () => {
    let reply: RawReply = {
      json: { data: { deleteManyLabels: { count: '3' } } },
    };
    const server = await start(withLogin(() => reply));
    const client = createTowerClient(opts(server.url));
    await expect(
      client.deleteLabelsGuarded({
        ids: ['a', 'b', 'c'],
        keys: ['cape-vip'],
        createdBefore: '2020-01-01T00:00:00Z',
      }),
    ).resolves.toBe(3);
    const del = server.requests.find(
      r => r.operationName === 'CapeLabelsDelete',
    )!;
    expect(del.variables).toEqual({
      where: {
        id_in: ['a', 'b', 'c'],
        key_in: ['cape-vip'],
        createdAt_lte: '2020-01-01T00:00:00Z',
        total_num: 0,
        vms_none: {},
      },
    });
    // The check finds what anything references; only those are asked which relation holds them.
    reply = {
      json: {
        data: {
          labels: [
            { id: 'a', total_num: 0 },
            { id: 'b', total_num: null },
            { id: 'c', total_num: 2 },
            { id: 'zzz-not-asked', total_num: 0 },
          ],
          referenced: [{ id: 'c' }, { id: 'zzz-not-asked' }],
          r0: [{ id: 'c' }, { id: 'zzz-not-asked' }],
        },
      },
    };
    const sent = server.requests.length;
    await expect(client.checkLabels(['a', 'b', 'c'])).resolves.toEqual([
      { id: 'a', totalNum: 0, referenced: false, referencedBy: [] },
      { id: 'b', totalNum: null, referenced: false, referencedBy: [] },
      { id: 'c', totalNum: 2, referenced: true, referencedBy: ['vms'] },
    ]);
    const references = server.requests
      .slice(sent)
      .find(r => r.operationName === 'CapeLabelsCheckReferences')!;
    expect(references.variables).toEqual({ ids: ['c'], r0: { vms_some: {} } });
    // No usable answer to either read: every label of the batch counts as referenced.
    reply = { json: { data: { labels: [{ id: 'a', total_num: 0 }] } } };
    await expect(client.checkLabels(['a'])).resolves.toEqual([
      { id: 'a', totalNum: 0, referenced: true, referencedBy: ['vms'] },
    ]);
    // Empty inputs never reach the server.
    const before = server.requests.length;
    await expect(
      client.deleteLabelsGuarded({
        ids: [],
        keys: ['cape-vip'],
        createdBefore: '2020-01-01T00:00:00Z',
      }),
    ).resolves.toBe(0);
    await expect(client.checkLabels([])).resolves.toEqual([]);
    expect(server.requests.length).toBe(before);
  });

  it('survives pages larger than asked, duplicates, disorder and malformed rows', async () => {
    const pages: unknown[][] = [
      [
        labelRow('a1'),
        labelRow('a3'),
        labelRow('a2'),
        labelRow('a2'),
        { id: 'a4', key: 'cape-vip' },
      ],
      [labelRow('a2'), labelRow('a5'), labelRow('a6'), labelRow('a7')],
      [labelRow('a8')],
    ];
    const server = await start(
      withLogin(() => ({ json: { data: { labels: pages.shift() ?? [] } } })),
    );
    const logger = mockServices.logger.mock();
    const client = createTowerClient(opts(server.url), { logger });
    const got = await collect(
      client.listLabelPages({ keys: ['cape-vip'] }, { pageSize: 3 }),
    );
    expect(got.map(p => p.map(l => l.id))).toEqual([
      ['a1', 'a3', 'a2'],
      ['a5', 'a6', 'a7'],
      ['a8'],
    ]);
    const lists = server.requests.filter(
      r => r.operationName === 'CapeLabelsList',
    );
    // a4 was malformed: the cursor stays at a3, so a4 would be asked for again.
    expect(lists.map(r => r.variables.where)).toEqual([
      { AND: [{ key_in: ['cape-vip'] }] },
      { AND: [{ key_in: ['cape-vip'] }, { id_gt: 'a3' }] },
      { AND: [{ key_in: ['cape-vip'] }, { id_gt: 'a7' }] },
    ]);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('refuses a full page that does not advance instead of looping', async () => {
    const server = await start(
      withLogin(() => ({
        json: { data: { labels: [labelRow('a1'), labelRow('a2')] } },
      })),
    );
    const client = createTowerClient(opts(server.url));
    const e = await caught(
      collect(client.listLabelPages({ keys: ['cape-vip'] }, { pageSize: 2 })),
    );
    expect(e).toBeInstanceOf(TowerResponseError);
    expect(
      server.requests.filter(r => r.operationName === 'CapeLabelsList'),
    ).toHaveLength(2);
  });
});
