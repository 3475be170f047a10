import { BREAK, DocumentNode, visit } from 'graphql';
import type { TowerErrorBody } from './analyzeRequest';

const asked = new WeakMap<DocumentNode, boolean>();

/** Whether the document selects `__schema` or `__type` anywhere (documents are cached, so is this). */
export function asksIntrospection(document: DocumentNode): boolean {
  let found = asked.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type') {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    });
    asked.set(document, found);
  }
  return found;
}

/** What production Apollo Server answers an introspection query when introspection is off. */
export const INTROSPECTION_REFUSED: TowerErrorBody = Object.freeze({
  message:
    'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
  code: 'GRAPHQL_VALIDATION_FAILED',
  path: null,
});
