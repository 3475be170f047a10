import { towerErrorKind } from './errors';
import {
  TowerAbortedError,
  TowerAuthError,
  TowerGraphQLError,
  TowerHttpError,
  TowerRedirectError,
  TowerResponseError,
  TowerTimeoutError,
  TowerUnreachableError,
} from './errors';

const ctx = { towerId: 't1', operation: 'listLabels' as const };

describe('towerErrorKind', () => {
  it('maps every Tower error to one of a fixed set of kinds, whatever Tower said', () => {
    const cases = [
      [new TowerTimeoutError(5000, ctx), 'TIMEOUT'],
      [
        new TowerUnreachableError('refused', {
          ...ctx,
          passedThroughCode: 'ECONNREFUSED',
        }),
        'UNREACHABLE',
      ],
      [new TowerUnreachableError('bad cert', { ...ctx, code: 'TLS' }), 'TLS'],
      [new TowerRedirectError(302, 'https://elsewhere', ctx), 'REDIRECT'],
      [
        new TowerAuthError('no', {
          ...ctx,
          passedThroughCode: 'USER_PASSWORD_INCORRECT',
        }),
        'AUTH',
      ],
      [new TowerHttpError(401, 'Unauthorized', ctx), 'AUTH'],
      [new TowerGraphQLError('LOAD_TOKEN_FAILED', 'expired', ctx), 'AUTH'],
      [new TowerHttpError(403, 'Forbidden', ctx), 'HTTP_4xx'],
      [new TowerHttpError(503, 'Service Unavailable', ctx), 'HTTP_5xx'],
      [new TowerHttpError(599, '', ctx), 'HTTP_5xx'],
      [
        new TowerGraphQLError('ANY-CODE-TOWER-INVENTS-42', 'words', ctx),
        'GRAPHQL',
      ],
      [new TowerGraphQLError(undefined, 'words', ctx), 'GRAPHQL'],
      [new TowerResponseError('not JSON', ctx), 'MALFORMED_RESPONSE'],
      [
        new TowerResponseError('big', { ...ctx, code: 'RESPONSE_TOO_LARGE' }),
        'RESPONSE_TOO_LARGE',
      ],
    ] as const;
    for (const [error, kind] of cases)
      expect({ code: error.code, kind: towerErrorKind(error) }).toEqual({
        code: error.code,
        kind,
      });
  });

  it("leaves the caller's own abort out: it is no failure of Tower's", () => {
    expect(towerErrorKind(new TowerAbortedError(ctx))).toBeUndefined();
  });
});
