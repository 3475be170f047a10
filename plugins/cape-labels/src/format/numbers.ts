/** A count in `locale`'s digits and grouping ("12,345"). */
export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** "young or cap" ("创建时间太短或达到上限"): alternatives joined as `locale` joins them. */
export function formatAlternatives(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
}
