import { createTowerClient } from './TowerClient';
import type { TowerError } from './errors';
import { RawReply, rawServersEachTest } from './__testUtils__/rawServer';
import { caught, opts, withLogin } from './__testUtils__/clientHelpers';

/*
 * README, Known limits: `cape_labels.tower.request.errors` counts failed requests (what
 * `onRequestFailed` hears), not 2xx answers of the wrong shape: those fail the run
 * (`UNEXPECTED_SHAPE`) but the request itself succeeded.
 */
describe('TowerClient request failures, as the metrics count them', () => {
  const start = rawServersEachTest();

  it('reports a failed request, not a 2xx answer of the wrong shape (known limit)', async () => {
    let reply: RawReply = { json: { data: { labels: 'nope' } } };
    const server = await start(withLogin(() => reply));
    const failed: TowerError[] = [];
    const client = createTowerClient(opts(server.url), {
      onRequestFailed: error => failed.push(error),
    });

    const shape = await caught(client.checkLabels(['a']));
    expect(shape.code).toBe('UNEXPECTED_SHAPE');
    expect(failed).toEqual([]);

    reply = { json: { errors: [{ message: 'down' }] }, status: 503 };
    const http = await caught(client.checkLabels(['a']));
    expect(failed).toEqual([http]);
  });
});
