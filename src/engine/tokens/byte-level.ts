// Byte-level BPE (GPT-2 style) reads text as UTF-8 bytes, each byte written as one printable
// character of a fixed table; tokenizer.ts encodes words this way and maps token characters back
// to bytes with it.

// GPT-2 byte ↔ unicode table (the same construction as the library's).
const BYTE_CHARS: string[] = (() => {
  const bs: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) bs.push(b);
  for (let b = 0xa1; b <= 0xac; b++) bs.push(b);
  for (let b = 0xae; b <= 0xff; b++) bs.push(b);
  const cs = bs.slice();
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n++);
    }
  }
  const out = new Array<string>(256);
  bs.forEach((b, i) => (out[b] = String.fromCharCode(cs[i])));
  return out;
})();
export const CHAR_BYTES = new Map(BYTE_CHARS.map((c, b) => [c, b]));
const utf8 = new TextEncoder();

/** A string as byte-level BPE sees it: its UTF-8 bytes, each as the table's character. */

export function byteEncode(s: string): string {
  let out = '';
  for (const b of utf8.encode(s)) out += BYTE_CHARS[b];
  return out;
}
