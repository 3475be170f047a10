import type { AuthService, TokenInfo } from '../auth';
import type { DeleteRefusal } from '../faults';
import type { Store } from '../world';

/** Per-request state handed to resolvers. */
export interface RequestContext {
  store: Store;
  auth: AuthService;
  /** The caller's valid token (absent only for the operations that need none). */
  token?: TokenInfo;
  /** Fault "page larger than asked": extra rows on list fields. */
  pageOverflow: number;
  /** Fault "locked labels": deletes of these are refused. */
  refuseDeletes?: DeleteRefusal;
}

export type Resolver<A = Record<string, unknown>> = (
  source: unknown,
  args: A,
  ctx: RequestContext,
) => unknown;
