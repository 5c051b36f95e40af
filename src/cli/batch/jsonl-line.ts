// One line of a JSONL input as batch reads it. The main thread only looks at a line's bytes (is it
// blank, what goes into the prefix hash) and hands them to a worker, which decodes and parses them
// with documentOfLine; the main thread parses a line itself only where it needs the id (the lines a
// resume skips, the one a dying worker was on). Both give the same documents and the same messages.
import { isUtf8 } from 'node:buffer';
import { recipeDocumentOf, type RecipeDocument } from '../../engine/recipe/index.ts';

/** The line without a byte order mark before line 1 (Windows tools write one): it is not part of the JSON. */
export function withoutBom(raw: Buffer, n: number): Buffer {
  return n === 1 && raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
}

/** A line of nothing but white space (as String.prototype.trim sees it) is skipped, as no document. */
export function isBlankLine(raw: Buffer): boolean {
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === 32 || (b >= 9 && b <= 13)) continue;
    // Any other ASCII byte is text; past ASCII, Unicode's spaces count too: decode and ask trim.
    return b < 0x80 ? false : !raw.toString('utf8').trim();
  }
  return true;
}

/**
 * What the input's prefix hash takes of a line: its bytes, which are the UTF-8 of its decoded text
 * when they are valid UTF-8 (the hash the text gave before lines stayed bytes), else that text.
 */
export function hashable(raw: Buffer): Buffer | string {
  return isUtf8(raw) ? raw : raw.toString('utf8');
}

/** A line's document, or the error errors.jsonl records for it (with the id it is listed under). */
export function documentOfLine(text: string, n: number, path: string): { doc: RecipeDocument } | { error: { id: string; error: string } } {
  const where = `${path} line ${n}`;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { error: { id: `line ${n}`, error: `${where}: malformed JSON (${(e as Error).message})` } };
  }
  try {
    return { doc: recipeDocumentOf(v, where) };
  } catch (e) {
    const id = v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : `line ${n}`;
    return { error: { id, error: (e as Error).message } };
  }
}

/** A line's bytes in a group's lines (shared memory from a thread's pool, bytes from a process's). */
export function lineBytes(lines: SharedArrayBuffer | Uint8Array, off: number, len: number): Buffer {
  return lines instanceof Uint8Array ? Buffer.from(lines.buffer, lines.byteOffset + off, len) : Buffer.from(lines, off, len);
}
