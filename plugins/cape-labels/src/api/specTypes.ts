import type { paths } from '@smartx-cape/plugin-cape-labels-common';

/**
 * The client's view of the backend's OpenAPI spec, read from the types the common package
 * generates from it: which paths it may call with which method, their path and query
 * parameters, request bodies and JSON answers.
 */
type Method = 'get' | 'post';

/** The spec's operation for `method path` (never when the path has no such method). */
type Operation<P extends keyof paths, M extends Method> = NonNullable<
  paths[P][M]
>;

/** Paths that answer `method` with JSON. */
export type SpecPath<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

/** The path parameters of `method path`, e.g. `{ towerId: string }`. */
export type SpecPathParams<P extends SpecPath<M>, M extends Method> = Operation<
  P,
  M
>['parameters'] extends { path: infer Params }
  ? Params
  : Record<string, never>;

/** The query parameters of `method path` (`never` when it takes none). */
export type SpecQuery<P extends SpecPath<M>, M extends Method> = NonNullable<
  Operation<P, M>['parameters']['query']
>;

/** The JSON body `method path` accepts. */
export type SpecRequestBody<
  P extends SpecPath<M>,
  M extends Method,
> = NonNullable<Operation<P, M>['requestBody']>['content']['application/json'];

/** The JSON body `method path` answers with on success (200, or 202 for an accepted request). */
export type SpecAnswer<P extends SpecPath<M>, M extends Method> = Operation<
  P,
  M
>['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : Operation<P, M>['responses'] extends {
        202: { content: { 'application/json': infer Body } };
      }
    ? Body
    : never;

/** `/towers/{towerId}/runs` with `{ towerId: 'a b' }` → `/towers/a%20b/runs`. */
export function specUrl<P extends SpecPath<M>, M extends Method>(
  path: P,
  params: SpecPathParams<P, M>,
): string {
  const values = params as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name]),
  );
}
