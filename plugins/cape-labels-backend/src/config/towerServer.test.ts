import { errorOf, read, tower } from './__testUtils__/readTestConfig';
import { transportWarnings } from './towerServer';

const withServer = (server: string, over: object = {}) => ({
  towers: { a: { ...tower, server, ...over } },
});

describe('readCapeLabelsConfig: the way to a Tower', () => {
  it.each([
    'http://tower-a.example.com',
    'http://10.0.0.5:8080',
    'http://[fe80::1]',
    'http://127.0.0.1.example.com',
    'http://localhost.example.com',
  ])('refuses http:// to %s, naming the key and the opt-in', server => {
    expect(errorOf(withServer(server))).toBe(
      'capeLabels.towers.a.server: must be https:// (http:// sends the Tower password in clear); set capeLabels.towers.a.allowInsecure: true to accept that',
    );
  });

  it.each([
    'http://127.0.0.1:8801',
    'http://127.1.2.3',
    'http://localhost:7007/',
    'http://LOCALHOST',
    'http://[::1]:8080',
  ])('accepts http:// to the loopback host %s, unmarked', server => {
    const [t] = read(withServer(server)).towers;
    expect(t.transport).toEqual({});
    expect(transportWarnings(t)).toEqual([]);
  });

  it('accepts http:// off this machine with allowInsecure, marked and warned', () => {
    const [t] = read(
      withServer('http://tower-a.example.com', { allowInsecure: true }),
    ).towers;
    expect(t.transport).toEqual({ insecure: true });
    expect(transportWarnings(t)).toEqual([
      'Tower a: server is http:// (allowInsecure): its password and token cross the network in clear',
    ]);
  });

  it('marks and warns skipTLSVerify', () => {
    const [t] = read(
      withServer('https://tower-a.example.com', { skipTLSVerify: true }),
    ).towers;
    expect(t).toMatchObject({
      skipTLSVerify: true,
      transport: { skipTLSVerify: true },
    });
    expect(transportWarnings(t)).toEqual([
      'Tower a: skipTLSVerify is on: anyone between this backend and Tower can pose as Tower and read its password; set caCert instead',
    ]);
  });

  it('leaves a verified https:// Tower unmarked', () => {
    expect(
      read(withServer('https://tower-a.example.com')).towers[0],
    ).toMatchObject({ transport: {}, skipTLSVerify: false });
  });

  it.each([
    'https://tower-a.example.com/?x=1',
    'https://tower-a.example.com?',
    'https://tower-a.example.com/#frag',
    'https://tower-a.example.com/tower#',
  ])('refuses a query or fragment in %s', server => {
    expect(errorOf(withServer(server))).toBe(
      'capeLabels.towers.a.server: must not have a query (?) or fragment (#)',
    );
  });

  it('refuses a non-boolean allowInsecure naming it', () => {
    expect(
      errorOf(
        withServer('http://tower-a.example.com', {
          allowInsecure: 'sometimes',
        }),
      ),
    ).toContain('capeLabels.towers.a.allowInsecure');
  });
});
