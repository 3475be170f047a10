import { mulberry32, Random } from '../random';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const COUNTER_WIDTH = 11;
const SUFFIX_LENGTH = 13;
const OWN_ID = /^c([0-9a-z]{11})[0-9a-z]{13}$/;

/**
 * Cuid-like ids (25 chars, like Tower's) that sort in creation order:
 * 'c' + zero-padded base36 counter + random suffix.
 */
export class IdGenerator {
  private counter = 0;
  private readonly rnd: Random;

  constructor(seed = 1) {
    this.rnd = mulberry32(seed);
  }

  next(): string {
    this.counter += 1;
    const codes: number[] = [];
    for (let i = 0; i < SUFFIX_LENGTH; i++) {
      codes.push(ALPHABET.charCodeAt(Math.floor(this.rnd() * 36)));
    }
    // One flat string (not a rope): ids are hashed and compared a lot.
    return `c${this.counter.toString(36).padStart(COUNTER_WIDTH, '0')}${String.fromCharCode(...codes)}`;
  }

  /** Keeps later ids after an explicitly given id of our own format. */
  observe(id: string): void {
    const m = OWN_ID.exec(id);
    if (m) {
      const n = parseInt(m[1], 36);
      if (n > this.counter) this.counter = n;
    }
  }
}
