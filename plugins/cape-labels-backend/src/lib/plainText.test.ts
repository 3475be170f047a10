import { escapedText } from './plainText';

describe('escapedText', () => {
  it('writes control, bidi and lone-surrogate characters and the backslash as escapes', () => {
    expect(escapedText('a\u0000b\u202ec\\d\u0085', 100)).toBe(
      'a\\u0000b\\u202ec\\\\d\\u0085',
    );
    expect(escapedText('x\ud800y\udc00', 100)).toBe('x\\ud800y\\udc00');
    // A pair is one character, kept as it is.
    expect(escapedText('😀', 100)).toBe('😀');
  });

  it('cuts at most maxChars characters, never inside a pair, and marks the cut', () => {
    expect(escapedText('abcdef', 6)).toBe('abcdef');
    expect(escapedText('abcdefg', 6)).toBe('abcde…');
    expect(escapedText('😀😀😀', 2)).toBe('😀…');
  });
});
