import { errorOf, read, tower } from './__testUtils__/readTestConfig';
import { normalisedServer } from './uniqueTowers';

describe('readCapeLabelsConfig: one Tower, one id', () => {
  it.each([
    ['https://tower-a.example.com', 'https://tower-a.example.com/'],
    ['https://tower-a.example.com', 'HTTPS://Tower-A.Example.COM'],
    ['https://tower-a.example.com', 'https://tower-a.example.com:443'],
    ['https://tower-a.example.com', 'https://tower-a.example.com.'],
    ['http://127.0.0.1:80/', 'http://127.0.0.1'],
    ['http://tower-a.example.com', 'https://tower-a.example.com'],
    ['http://tower-a.example.com:8080', 'https://tower-a.example.com:8080'],
    [
      'https://tower-a.example.com/tower',
      'https://tower-a.example.com//tower/',
    ],
    [
      'https://tower-a.example.com/a/../tower',
      'https://tower-a.example.com/tower',
    ],
  ])(
    'refuses %s and %s under two ids with the same prefix, naming both',
    (a, b) => {
      expect(
        errorOf({
          towers: {
            'prod-b': { ...tower, server: b, allowInsecure: true },
            'prod-a': { ...tower, server: a, allowInsecure: true },
          },
        }),
      ).toMatch(
        /^capeLabels\.towers\.prod-a and capeLabels\.towers\.prod-b: the same Tower \(\S+\) and resourcePrefix \(cape\) under two ids/,
      );
    },
  );

  it('accepts the same server with two prefixes, and two servers with one prefix', () => {
    const config = read({
      towers: {
        a: { ...tower, server: 'https://tower-a.example.com' },
        b: {
          ...tower,
          server: 'https://tower-a.example.com',
          resourcePrefix: 'sks',
        },
        c: { ...tower, server: 'https://tower-a.example.com:8443' },
        d: { ...tower, server: 'https://tower-a.example.com/other' },
      },
    });
    expect(config.towers.map(t => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('normalises away scheme, host case, default port, trailing slashes and dot segments', () => {
    expect(normalisedServer('HTTPS://Tower.Example.com:443/Api/../x//y/')).toBe(
      'tower.example.com/x/y',
    );
    expect(normalisedServer('http://Tower.Example.com./x')).toBe(
      'tower.example.com/x',
    );
  });
});
