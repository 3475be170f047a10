import { buildSchema } from 'graphql';
import { MAX_REMEMBERED, parsedDocument } from './parsedDocuments';
import { towerSchema } from './schema';
import { LABEL_RELATIONS } from '../world';

describe('parsedDocument', () => {
  const schema = towerSchema({
    legacy: false,
    relations: LABEL_RELATIONS,
    holders: [],
  });

  it('parses and validates a query text once and answers the same document after', () => {
    const query = 'query Q { labels(first: 1) { id } }';
    const first = parsedDocument(schema, query);
    const again = parsedDocument(schema, query);
    expect('document' in first && first.validationErrors).toEqual([]);
    expect(again).toBe(first);
  });

  it('answers the validation errors of a remembered text every time', () => {
    const query = 'query Q { labels(first: 1) { noSuchField } }';
    parsedDocument(schema, query);
    const again = parsedDocument(schema, query);
    expect('document' in again && again.validationErrors[0].message).toMatch(
      /noSuchField/,
    );
  });

  it('answers a parse error as such', () => {
    expect(parsedDocument(schema, 'query {')).toEqual({
      parseError: expect.stringMatching(/Syntax Error/),
    });
  });

  it('remembers a bounded number of texts, forgetting the oldest first', () => {
    const own = buildSchema('type Query { n(i: Int): Int }');
    const text = (i: number) => `{ n(i: ${i}) }`;
    const oldest = parsedDocument(own, text(0));
    const newest = Array.from({ length: MAX_REMEMBERED }, (_, i) =>
      parsedDocument(own, text(i + 1)),
    );
    expect(parsedDocument(own, text(MAX_REMEMBERED))).toBe(newest.at(-1));
    expect(parsedDocument(own, text(0))).not.toBe(oldest);
  });

  it('keeps each schema apart', () => {
    const query = '{ n }';
    const one = parsedDocument(buildSchema('type Query { n: Int }'), query);
    const other = parsedDocument(buildSchema('type Query { m: Int }'), query);
    expect('document' in one && one.validationErrors).toEqual([]);
    expect('document' in other && other.validationErrors).toHaveLength(1);
  });
});
