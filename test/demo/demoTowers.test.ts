import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readTowersFile } from '@smartx-cape/cloudtower-simulator';
import { read } from '../../plugins/cape-labels-backend/src/config/__testUtils__/readTestConfig';

const ROOT = path.resolve(__dirname, '../..');

type ConfiguredTower = {
  server: string;
  username?: string;
  password?: string;
  userSource?: string;
  apiKey?: string;
};

function configuredTowers(): ConfiguredTower[] {
  const config = parseYaml(
    readFileSync(path.join(ROOT, 'app-config.yaml'), 'utf8'),
  );
  return Object.values<ConfiguredTower>(config.capeLabels.towers).map(t => ({
    ...t,
    userSource: t.apiKey ? undefined : (t.userSource ?? 'LOCAL'),
  }));
}

describe('the demo Towers', () => {
  const simulated = readTowersFile(path.join(ROOT, 'scripts/demo-towers.yaml'));

  it('every simulated Tower with password logins has a configured Tower that logs in to it', () => {
    for (const tower of simulated.filter(t => !t.twoFactor)) {
      const user = tower.users![0];
      expect(configuredTowers()).toContainEqual(
        expect.objectContaining({
          server: `http://127.0.0.1:${tower.port}`,
          username: user.username,
          password: user.password,
          userSource: user.source ?? 'LOCAL',
        }),
      );
    }
  });

  it('every two-factor simulated Tower has a configured Tower with one of its API keys', () => {
    const twoFactor = simulated.filter(t => t.twoFactor);
    expect(twoFactor.length).toBeGreaterThan(0);
    for (const tower of twoFactor) {
      expect(configuredTowers()).toContainEqual(
        expect.objectContaining({
          server: `http://127.0.0.1:${tower.port}`,
          apiKey: tower.apiKeys![0],
        }),
      );
    }
  });

  it('starts: the plugin reads the demo config (one id per server and prefix, loopback http)', () => {
    const config = parseYaml(
      readFileSync(path.join(ROOT, 'app-config.yaml'), 'utf8'),
    );
    const towers = read(config.capeLabels).towers;
    expect(towers.map(t => [t.id, t.transport])).toEqual(
      expect.arrayContaining([['lab-d', {}]]),
    );
  });

  it('resolves scenario files next to the Towers file', () => {
    expect(simulated[0].scenario).toBe(
      path.join(ROOT, 'scripts/demo-lab-a.yaml'),
    );
  });
});
