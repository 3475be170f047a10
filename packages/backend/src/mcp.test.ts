import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import mcpActionsPlugin from '@backstage/plugin-mcp-actions-backend';
import permissionBackend from '@backstage/plugin-permission-backend';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  startSimulator,
  type RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';
import capeLabelsPlugin from '@smartx-cape/plugin-cape-labels-backend';
import type { AddressInfo } from 'node:net';
import { policyModule } from './permissionPolicy';

const OPERATOR = 'user:default/operator'; // reads and sweeps every Tower
const READER = 'user:default/reader'; // reads every Tower, sweeps none
const PASSWORD = 'mcp-test-Pa55word!';

/** The demo's permission backend, with a policy that lets READER read but not sweep. */
const readerMayNotSweep = policyModule('mcp-test-policy', {
  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const ref = user?.info.userEntityRef;
    const sweeping = request.permission.name === 'cape-labels.sweep.run';
    const allowed = ref === OPERATOR || (ref === READER && !sweeping);
    return {
      result: allowed ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
    };
  },
});

type ToolResult = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
};

describe('an MCP client of the demo backend', () => {
  let sim: RunningSimulator;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let endpoint: URL;
  const clients: Client[] = [];
  const labelIds: string[] = [];

  /** An MCP client over streamable HTTP, signed in as `userEntityRef`. */
  async function connect(userEntityRef: string): Promise<Client> {
    const client = new Client({ name: 'cape-labels-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(endpoint, {
      requestInit: {
        headers: { Authorization: mockCredentials.user.header(userEntityRef) },
      },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (
    client: Client,
    name: string,
    args: Record<string, unknown> = {},
  ) =>
    (await client.callTool({
      name: `cape-labels.${name}`,
      arguments: args,
    })) as ToolResult;

  beforeAll(async () => {
    sim = await startSimulator({
      users: [{ username: 'gc', password: PASSWORD, source: 'LOCAL' }],
    });
    for (let i = 0; i < 3; i++) {
      const label = sim.admin.createLabel({
        key: 'cape-cluster-name',
        value: `gone-${i}`,
        createdAt: new Date(Date.now() - 48 * 3_600_000).toISOString(),
      });
      labelIds.push(label.id);
    }
    backend = await startTestBackend({
      features: [
        capeLabelsPlugin,
        mcpActionsPlugin,
        permissionBackend,
        readerMayNotSweep,
        permissionsServiceFactory,
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
        mockServices.rootConfig.factory({
          data: {
            backend: { actions: { pluginSources: ['cape-labels'] } },
            permission: { enabled: true },
            capeLabels: {
              schedule: {
                frequency: { hours: 24 },
                timeout: { minutes: 5 },
                initialDelay: { hours: 1 },
              },
              towers: {
                'lab-a': {
                  title: 'Lab A',
                  server: sim.url,
                  username: 'gc',
                  password: PASSWORD,
                },
              },
            },
          },
        }),
      ],
    });
    const { port } = backend.server.address() as AddressInfo;
    endpoint = new URL(`http://localhost:${port}/api/mcp-actions/v1`);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await backend?.stop();
    await sim?.stop();
  });

  it('lists the tools, calls the read-only ones and previews a Tower', async () => {
    const client = await connect(OPERATOR);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map(t => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
      'cape-labels.get-tower-top-sources',
      'cape-labels.list-run-labels',
      'cape-labels.list-tower-runs',
      'cape-labels.list-towers',
      'cape-labels.preview-tower-sweep',
      'cape-labels.request-tower-sweep',
      'cape-labels.stop-tower-sweep',
    ]);
    expect(byName.get('cape-labels.list-towers')?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(
      byName.get('cape-labels.request-tower-sweep')?.annotations
        ?.destructiveHint,
    ).toBe(true);
    expect(
      byName.get('cape-labels.stop-tower-sweep')?.annotations,
    ).toMatchObject({ readOnlyHint: false, destructiveHint: false });

    const towers = await call(client, 'list-towers');
    expect(towers.isError).toBeFalsy();
    expect(towers.structuredContent?.items).toEqual([
      expect.objectContaining({ id: 'lab-a', title: 'Lab A', lastRun: null }),
    ]);

    const preview = await call(client, 'preview-tower-sweep', {
      towerId: 'lab-a',
    });
    expect(preview.isError).toBeFalsy();
    expect(preview.structuredContent).toMatchObject({
      towerId: 'lab-a',
      dryRun: true,
    });

    // The mock scheduler runs a requested task at once; its run is listed when it finished.
    const runs = await call(client, 'list-tower-runs', { towerId: 'lab-a' });
    const [run] = runs.structuredContent?.items as Array<{
      id: string;
      dryRun: boolean;
      requestedBy: string;
      counts: { wouldDelete: number };
    }>;
    expect(run).toMatchObject({ dryRun: true, requestedBy: OPERATOR });
    expect(run.counts.wouldDelete).toBe(3);

    const labels = await call(client, 'list-run-labels', {
      runId: run.id,
      action: 'would-delete',
    });
    expect(labels.structuredContent?.total).toBe(3);
    const sources = await call(client, 'get-tower-top-sources', {
      towerId: 'lab-a',
    });
    expect(sources.isError).toBeFalsy();
    for (const id of labelIds) expect(sim.admin.label(id)).toBeDefined();

    const everything = JSON.stringify([towers, preview, runs, labels, sources]);
    expect(everything).not.toContain(PASSWORD);
  });

  it('is refused a sweep without cape-labels.sweep.run, and bad input is an error it can read', async () => {
    const client = await connect(READER);
    // Known limit: the registry lists every tool to every caller; each call is decided per Tower.
    const { tools } = await client.listTools();
    expect(tools.map(t => t.name)).toContain('cape-labels.request-tower-sweep');
    const towers = await call(client, 'list-towers');
    expect(towers.isError).toBeFalsy();

    const refused = await call(client, 'request-tower-sweep', {
      towerId: 'lab-a',
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toBe(
      "NotAllowedError: You may not start sweeps of Tower 'lab-a' (cape-labels.sweep.run)",
    );
    for (const id of labelIds) expect(sim.admin.label(id)).toBeDefined();

    const bad = await call(client, 'list-tower-runs', {
      towerId: 'lab-a',
      limit: 1000,
    });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toBe(
      'InputError: limit must be a whole number from 1 to 100',
    );
  });
});
