/** Keeps the secrets a client knows and takes every form of them out of the words it quotes. */
export class SecretScrubber {
  private readonly secrets = new Set<string>();

  constructor(secrets: Iterable<string>) {
    for (const secret of secrets) this.add(secret);
  }

  add(secret: string): void {
    // Shorter strings would cut ordinary words out of every message.
    if (secret.length >= 3) this.secrets.add(secret);
  }

  readonly scrub = (text: string): string => {
    let out = text;
    for (const secret of this.secrets) {
      for (const form of secretForms(secret)) out = out.split(form).join('***');
    }
    return out;
  };
}

/** The secret as it may appear once escaped by JSON, a URL, HTML or a repeat of these. */
export function secretForms(secret: string): string[] {
  const json = (s: string) => JSON.stringify(s).slice(1, -1);
  const asciiJson = (s: string) =>
    json(s).replace(
      /[^\x20-\x7e]/g,
      c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  const html = (s: string) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const lowerHex = (s: string) =>
    s.replace(/%[0-9A-F]{2}/g, h => h.toLowerCase());
  const forms = [
    secret,
    json(secret),
    json(json(secret)),
    asciiJson(secret),
    asciiJson(secret).toUpperCase().replace(/\\U/g, '\\u'),
    url,
    lowerHex(url),
    form,
    lowerHex(form),
    encodeURI(secret),
    html(secret),
    json(html(secret)),
  ];
  // Longest first, so a longer form is not left half replaced by a shorter one.
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}
