// Offsets in files count Unicode code points (what Python's str indexes); the engine indexes
// UTF-16 code units (what JavaScript's string indexes). These convert between the two for one text.

/** True when the text has characters outside the BMP (surrogate pairs), i.e. the two units differ. */
export function hasAstral(text: string): boolean {
  return /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text);
}

export interface OffsetMap {
  /** Code points in the text. */
  readonly length: number;
  /** Code point offset → UTF-16 offset; undefined when outside [0, length]. */
  toUtf16(cp: number): number | undefined;
  /** UTF-16 offset → code point offset (an offset inside a surrogate pair rounds down). */
  toCodePoint(u16: number): number;
}

const boxes = new Map<string, OffsetMap>();

/** An offset converter for `text`. Identity (no table) when the text has no astral characters. */
export function offsetMap(text: string): OffsetMap {
  const cached = boxes.get(text);
  if (cached) return cached;
  let map: OffsetMap;
  if (!hasAstral(text)) {
    const n = text.length;
    map = {
      length: n,
      toUtf16: (cp) => (Number.isInteger(cp) && cp >= 0 && cp <= n ? cp : undefined),
      toCodePoint: (u) => Math.max(0, Math.min(n, u)),
    };
  } else {
    const cpToU: number[] = [];
    const uToCp = new Int32Array(text.length + 1);
    let cp = 0;
    for (let u = 0; u < text.length; ) {
      cpToU.push(u);
      const c = text.charCodeAt(u);
      const step = c >= 0xd800 && c <= 0xdbff && u + 1 < text.length && (text.charCodeAt(u + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
      for (let j = 0; j < step; j++) uToCp[u + j] = cp;
      u += step;
      cp++;
    }
    cpToU.push(text.length);
    uToCp[text.length] = cp;
    const n = cp;
    map = {
      length: n,
      toUtf16: (c) => (Number.isInteger(c) && c >= 0 && c <= n ? cpToU[c] : undefined),
      toCodePoint: (u) => uToCp[Math.max(0, Math.min(text.length, u))],
    };
  }
  // Keep a handful of recent maps: readers convert many spans of the same few documents.
  if (boxes.size > 64) boxes.clear();
  boxes.set(text, map);
  return map;
}
