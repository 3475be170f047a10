import type { internal } from '@backstage/backend-openapi-utils';
import type { spec } from './openapi.generated';

type Doc = typeof spec;
type Paths = Doc['paths'];

/** The JSON body the spec gives `method path` answering `status`, as a TypeScript type. */
export type SpecAnswer<
  Path extends keyof Paths,
  Method extends keyof Paths[Path],
  Status extends string,
> = Paths[Path][Method] extends {
  responses: Record<
    Status,
    { content: { 'application/json': { schema: infer Schema } } }
  >;
}
  ? internal.ToTypeSafe<internal.SchemaRef<Doc, Schema>>
  : never;

/** The JSON body the spec accepts for `method path`. */
export type SpecRequestBody<
  Path extends keyof Paths,
  Method extends keyof Paths[Path],
> = Paths[Path][Method] extends {
  requestBody: { content: { 'application/json': { schema: infer Schema } } };
}
  ? internal.ToTypeSafe<internal.SchemaRef<Doc, Schema>>
  : never;
