/**
 * SQL LIKE without regular expressions: `%` matches any run of characters, `_` exactly one,
 * every other character itself, case-insensitively. A pattern is split at its `%`s into
 * fixed-length pieces; the first piece must sit at the start, the last at the end, and each
 * piece between is found at its leftmost place after the one before (leftmost is always right:
 * a later place leaves less text for what follows). Each piece is found with the Shift-And
 * algorithm (one pass over the text, a bit per pattern position), so a match never backtracks:
 * its cost is the text's length times ⌈piece length / 32⌉, whatever the pattern. The regular
 * expression it replaces (`%` as `[\s\S]*`) took seconds on `%%%☃`.
 *
 * Characters are code points (an emoji is one `_`), compared after Unicode simple case folding,
 * as the `iu` regular expression compared them.
 */

/** Counts the text a match reads, so that a caller can bound a query's work. */
export interface LikeWork {
  /** Called with the characters read (times the words of state a piece needs). */
  spend(characters: number): void;
}

/** A compiled LIKE pattern. */
export interface LikePattern {
  /** Whether all of `text` matches the pattern. */
  matches(text: string, work?: LikeWork): boolean;
}

/** `_` in a compiled piece: any one character. */
const ANY = -1;

const NO_WORK: LikeWork = { spend: () => {} };

/**
 * The case-folded code point: upper then lower case (so `ſ` meets `s` and `ς` meets `σ`), when
 * each is one code point. Scripts without case (CJK, kana, Hangul) skip the look-up.
 */
export function foldCodePoint(codePoint: number): number {
  if (codePoint < 0x80) return codePoint >= 0x41 && codePoint <= 0x5a ? codePoint + 0x20 : codePoint;
  if ((codePoint >= 0x3000 && codePoint < 0xa640) || (codePoint >= 0xac00 && codePoint < 0xd800)) return codePoint;
  if (codePoint > 0xffff) return computeFold(codePoint);
  // Folding calls into the string library: once per character of the basic plane, then a look-up.
  bmpFolds ??= new Int32Array(0x10000).fill(-1);
  let folded = bmpFolds[codePoint]!;
  if (folded < 0) bmpFolds[codePoint] = folded = computeFold(codePoint);
  return folded;
}

/** Folds of the basic plane computed so far (-1: not yet); a cache of a pure function. */
let bmpFolds: Int32Array | undefined;

function computeFold(codePoint: number): number {
  // Dotless ı has no simple folding: its upper case I would make it meet i.
  if (codePoint === 0x131) return codePoint;
  const char = String.fromCodePoint(codePoint);
  const upper = single(char.toUpperCase()) ?? codePoint;
  return single(String.fromCodePoint(upper).toLowerCase()) ?? single(char.toLowerCase()) ?? codePoint;
}

/** The code point of a one-character string, or null. */
function single(text: string): number | null {
  const codePoint = text.codePointAt(0);
  if (codePoint === undefined) return null;
  return text.length === (codePoint > 0xffff ? 2 : 1) ? codePoint : null;
}

/** UTF-16 length of the code point at `index` (a lone surrogate counts as one). */
function widthAt(text: string, index: number): number {
  return (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
}

/** A run of literal characters and `_`s between two `%`s, with its Shift-And masks. */
class Piece {
  /** Folded code points, ANY for `_`. */
  readonly codes: readonly number[];
  private readonly words: number;
  /** Bits of the `_` positions: the mask of a character the piece does not name. */
  private readonly anyMask: Uint32Array;
  private readonly masks = new Map<number, Uint32Array>();
  /** The mask of each ASCII character, folded, looked up without hashing (most text is ASCII). */
  private readonly asciiMasks: Uint32Array[];

  constructor(codes: number[]) {
    this.codes = codes;
    this.words = Math.max(1, Math.ceil(codes.length / 32));
    this.anyMask = new Uint32Array(this.words);
    codes.forEach((code, position) => {
      if (code === ANY) this.anyMask[position >>> 5]! |= 1 << (position & 31);
    });
    codes.forEach((code, position) => {
      if (code === ANY) return;
      let mask = this.masks.get(code);
      if (!mask) this.masks.set(code, (mask = Uint32Array.from(this.anyMask)));
      mask[position >>> 5]! |= 1 << (position & 31);
    });
    this.asciiMasks = Array.from({ length: 0x80 }, (_, code) => this.masks.get(foldCodePoint(code)) ?? this.anyMask);
  }

  private maskOf(codePoint: number): Uint32Array {
    return codePoint < 0x80 ? this.asciiMasks[codePoint]! : (this.masks.get(foldCodePoint(codePoint)) ?? this.anyMask);
  }

  /** The end of the piece if it matches `text` at `start`, else -1 (reads the piece's length at most). */
  matchAt(text: string, start: number): number {
    let index = start;
    for (const code of this.codes) {
      if (index >= text.length) return -1;
      const codePoint = text.codePointAt(index)!;
      if (code !== ANY && foldCodePoint(codePoint) !== code) return -1;
      index += codePoint > 0xffff ? 2 : 1;
    }
    return index;
  }

  /** The end of the piece's leftmost match in `text` at or after `from`, else -1: one pass. */
  findFrom(text: string, from: number, work: LikeWork): number {
    const { words, codes } = this;
    if (codes.length === 0) return from;
    if (words === 1) return this.findShortFrom(text, from, work);
    const state = new Uint32Array(words);
    const lastWord = (codes.length - 1) >>> 5;
    const lastBit = 1 << ((codes.length - 1) & 31);
    for (let index = from; index < text.length; ) {
      const codePoint = text.codePointAt(index)!;
      const mask = this.maskOf(codePoint);
      // Shift every partial match one position on, start a new one at position 0, keep those the character allows.
      let carry = 1;
      for (let word = 0; word < words; word += 1) {
        const value = state[word]!;
        state[word] = ((value << 1) | carry) & mask[word]!;
        carry = value >>> 31;
      }
      index += codePoint > 0xffff ? 2 : 1;
      if (state[lastWord]! & lastBit) {
        work.spend((index - from) * words);
        return index;
      }
    }
    work.spend((text.length - from) * words);
    return -1;
  }

  /** {@link findFrom} for a piece of at most 32 characters: the state is one number. */
  private findShortFrom(text: string, from: number, work: LikeWork): number {
    const lastBit = 1 << (this.codes.length - 1);
    let state = 0;
    for (let index = from; index < text.length; ) {
      const codePoint = text.codePointAt(index)!;
      state = ((state << 1) | 1) & this.maskOf(codePoint)[0]!;
      index += codePoint > 0xffff ? 2 : 1;
      if (state & lastBit) {
        work.spend(index - from);
        return index;
      }
    }
    work.spend(text.length - from);
    return -1;
  }
}

/** Compiles `pattern` (runs of `%` count as one). */
export function compileLike(pattern: string): LikePattern {
  const pieces: Piece[] = [];
  let codes: number[] = [];
  for (const char of pattern) {
    if (char === '%') {
      pieces.push(new Piece(codes));
      codes = [];
    } else {
      codes.push(char === '_' ? ANY : foldCodePoint(char.codePointAt(0)!));
    }
  }
  pieces.push(new Piece(codes));
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece.codes.length > 0);
  return {
    matches(text: string, work: LikeWork = NO_WORK): boolean {
      if (pieces.length === 1) {
        work.spend(first.codes.length);
        return first.matchAt(text, 0) === text.length;
      }
      work.spend(first.codes.length + last.codes.length);
      let at = first.matchAt(text, 0);
      if (at < 0) return false;
      for (const piece of middle) {
        at = piece.findFrom(text, at, work);
        if (at < 0) return false;
      }
      // The last piece ends the text: it starts as many characters before the end as it is long.
      let start = text.length;
      for (let count = 0; count < last.codes.length; count += 1) {
        if (start <= at) return false;
        start -= start >= 2 && widthAt(text, start - 2) === 2 ? 2 : 1;
      }
      return start >= at && last.matchAt(text, start) === text.length;
    },
  };
}
