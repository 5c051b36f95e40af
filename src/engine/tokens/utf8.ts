// UTF-8 byte offsets back to UTF-16 offsets, shared by the byte-level families (GPT-2 style BPE in
// tokenizer.ts, tiktoken in tiktoken.ts). Both split text into UTF-8 bytes, so a token can hold
// part of a character; the rule for its span is the same everywhere: see byteToUtf16.

/**
 * For each UTF-8 byte boundary 0..nbytes of `s`, a UTF-16 offset: boundaries inside a character
 * round down to its start, so the token holding a character's last byte covers the character and
 * tokens holding only its earlier bytes end (or are empty) at its start. A lone surrogate counts as
 * the three bytes of U+FFFD, as TextEncoder writes it.
 */
export function byteToUtf16(s: string): number[] {
  const map: number[] = [0];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    const nb = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 1; k < nb; k++) map.push(i);
    i += units;
    map.push(i);
  }
  return map;
}
