// Chunks as JSON Lines (docs/CONTRACT.md): one {"docId","start","end","text","prefix"} object a line,
// `text` exactly the document's text from start to end (offsets in code points), plus
// returnStart/returnEnd for small-to-big and sentence-window, and id/tokens/parentId/headingPath.
// Reading (for `eval --chunks`): start/end may be absent, then `text` is located in the document.
import { InputError } from '../types.ts';
import type { Chunk } from '../types.ts';
import { offsetMap } from '../util/codepoints.ts';
import { checkSize, isObj, type ReadOptions, preview } from './limits.ts';
import type { ChunkLine } from '../evaluation/types.ts';

/** Serialises chunks; `docText` gives each document's text. Ends with a newline when non-empty. */
export function writeChunksJsonl(chunks: readonly Chunk[], docText: (docId: string) => string): string {
  const lines = chunks.map((c) => {
    const text = docText(c.docId);
    const map = offsetMap(text);
    const o: Record<string, unknown> = {
      id: c.id,
      docId: c.docId,
      start: map.toCodePoint(c.start),
      end: map.toCodePoint(c.end),
      text: text.slice(c.start, c.end),
      prefix: c.prefix,
      tokens: c.tokens,
    };
    if (c.returnStart !== undefined || c.returnEnd !== undefined) {
      o.returnStart = map.toCodePoint(c.returnStart ?? c.start);
      o.returnEnd = map.toCodePoint(c.returnEnd ?? c.end);
    }
    if (c.returnTokens !== undefined) o.returnTokens = c.returnTokens;
    if (c.parentId !== undefined) o.parentId = c.parentId;
    if (c.headingPath.length) o.headingPath = c.headingPath;
    return JSON.stringify(o);
  });
  return lines.length ? lines.join('\n') + '\n' : '';
}

function optInt(v: unknown, what: string, where: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new InputError(`${what} must be an integer >= 0, got ${preview(v)}`, where);
  return v;
}

/** Reads chunk lines against the documents (id → text). Blank lines are ignored. */
export function readChunksJsonl(text: string, docs: ReadonlyMap<string, string>, file = 'chunks.jsonl', opts: ReadOptions = {}): ChunkLine[] {
  checkSize(text.length, file, opts);
  const out: ChunkLine[] = [];
  const cursor = new Map<string, { start: number; end: number }>();
  const ids = new Set<string>();
  const rows = text.split('\n');
  rows.forEach((raw, i) => {
    const row = raw.trim();
    const where = `${file} line ${i + 1}`;
    if (!row) return;
    let o: unknown;
    try {
      o = JSON.parse(row);
    } catch (e) {
      throw new InputError(`malformed JSON: ${e instanceof Error ? e.message : e}`, where);
    }
    if (!isObj(o)) throw new InputError('each line must be a JSON object', where);
    if (typeof o.docId !== 'string') throw new InputError('"docId" must be a string', where);
    const doc = docs.get(o.docId);
    if (doc === undefined) throw new InputError(`unknown document "${o.docId}"`, where);
    const chunkText = o.text === undefined || o.text === null ? undefined : o.text;
    if (chunkText !== undefined && typeof chunkText !== 'string') throw new InputError('"text" must be a string', where);
    if (o.prefix !== undefined && o.prefix !== null && typeof o.prefix !== 'string') throw new InputError('"prefix" must be a string', where);
    const map = offsetMap(doc);
    const toU = (cp: number | undefined, what: string): number | undefined => {
      if (cp === undefined) return undefined;
      const u = map.toUtf16(cp);
      if (u === undefined) throw new InputError(`${what} ${cp} is outside document "${o.docId}" (${map.length} code points)`, where);
      return u;
    };
    let start = toU(optInt(o.start, '"start"', where), '"start"');
    let end = toU(optInt(o.end, '"end"', where), '"end"');
    if (start === undefined || end === undefined) {
      if (!chunkText) throw new InputError('without "start" and "end", "text" is needed to locate the chunk', where);
      // Chunks come in document order and may overlap: take the occurrence after the previous
      // chunk's start that lies nearest to where the previous chunk ended.
      const prev = cursor.get(o.docId);
      let at = -1;
      if (prev) {
        for (let i = doc.indexOf(chunkText, prev.start + 1); i >= 0; i = doc.indexOf(chunkText, i + 1)) {
          if (at < 0 || Math.abs(i - prev.end) < Math.abs(at - prev.end)) at = i;
          if (i >= prev.end) break;
        }
      }
      if (at < 0) at = doc.indexOf(chunkText);
      if (at < 0) throw new InputError(`"text" does not occur in document "${o.docId}"`, where);
      start = at;
      end = at + chunkText.length;
    } else {
      if (start >= end) throw new InputError(`empty or reversed range [${o.start}, ${o.end})`, where);
      if (chunkText !== undefined && doc.slice(start, end) !== chunkText)
        throw new InputError(`"text" is not the document's text from ${o.start} to ${o.end}`, where);
    }
    if (start >= end) throw new InputError('empty chunk', where);
    cursor.set(o.docId, { start, end });
    const line: ChunkLine = { docId: o.docId, start, end, prefix: typeof o.prefix === 'string' ? o.prefix : '', line: i + 1 };
    if (typeof o.id === 'string' && o.id) {
      if (ids.has(o.id)) throw new InputError(`duplicate chunk id "${o.id}"`, where);
      ids.add(o.id);
      line.id = o.id;
    }
    const rs = toU(optInt(o.returnStart, '"returnStart"', where), '"returnStart"');
    const re = toU(optInt(o.returnEnd, '"returnEnd"', where), '"returnEnd"');
    if ((rs === undefined) !== (re === undefined)) throw new InputError('"returnStart" and "returnEnd" go together', where);
    if (rs !== undefined && re !== undefined) {
      if (rs >= re) throw new InputError('empty or reversed return range', where);
      line.returnStart = rs;
      line.returnEnd = re;
    }
    if (typeof o.parentId === 'string' && o.parentId) line.parentId = o.parentId;
    if (Array.isArray(o.headingPath) && o.headingPath.every((h) => typeof h === 'string')) line.headingPath = o.headingPath as string[];
    out.push(line);
  });
  return out;
}
