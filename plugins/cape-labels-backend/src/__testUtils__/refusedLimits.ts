/** `limit` query strings the spec refuses on the run list: out of bounds, not one whole number. */
export const REFUSED_LIMITS = [
  'limit=0',
  'limit=101',
  'limit=-1',
  'limit=abc',
  'limit=1.5',
  'limit=',
  'limit=9999999999',
  'limit=1&limit=2',
  'limit[a]=1',
];
