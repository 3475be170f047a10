import { capeLabelsMessages } from './translation';
import zhCN from './zh-CN';

type Nested = { readonly [key: string]: string | Nested };

function flatten(messages: Nested, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (message: string) =>
  [...message.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map(m => m[1]).sort();

const english = flatten(capeLabelsMessages);
const chinese: Record<string, string> = zhCN;

describe('the zh-CN messages', () => {
  it('translate every English message, and nothing else', () => {
    const missing = Object.keys(english).filter(key => !chinese[key]?.trim());
    const unknown = Object.keys(chinese).filter(key => !(key in english));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('keep the placeholders of each English message', () => {
    const differing = Object.keys(english).filter(
      key =>
        JSON.stringify(placeholders(english[key])) !==
        JSON.stringify(placeholders(chinese[key] ?? '')),
    );
    expect(differing).toEqual([]);
  });

  it('are Chinese, not copies of the English', () => {
    const copied = Object.keys(english).filter(
      key => chinese[key] === english[key] && /[a-z]{3}/i.test(english[key]),
    );
    expect(copied).toEqual([]);
  });
});
