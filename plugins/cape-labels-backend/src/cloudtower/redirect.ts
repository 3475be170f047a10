/**
 * Where a redirect points, reduced to its origin (no path, query or user info), with a word
 * when it would downgrade https to http.
 */
export function redirectTarget(location: string | null, from: string): string {
  if (!location) return 'no location';
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return 'an unparseable location';
  }
  const origin =
    target.protocol === 'http:' || target.protocol === 'https:'
      ? target.origin
      : `a ${target.protocol.replace(/[^a-z0-9+.-]/gi, '')} URL`;
  const downgrade =
    new URL(from).protocol === 'https:' && target.protocol === 'http:';
  return downgrade ? `${origin} (an https to http downgrade)` : origin;
}
