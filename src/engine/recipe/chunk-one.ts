// One document through a recipe: the same parseDocument and chunkDocument the page's engine worker
// and `chunk` run, then each chunk as a row with code-point offsets (as in every ChunkLab file), a
// deterministic id, its heading path and its page. Used by `batch`'s workers, `serve --stdio` and
// the library; nothing here knows where the document came from.
import { InputError, type Chunk, type DocFormat, type DocMeta, type EmbedFn, type TextTokenizer } from '../types.ts';
import { parseDocument, pageAt, parsePageMap } from '../documents/index.ts';
import { chunkDocument } from '../chunkers/index.ts';
import { hash64, offsetMap } from '../util/index.ts';
import { lexicalEmbedderFor } from '../embedding/lexical.ts';
import { recipeHash, type Recipe } from './recipe.ts';

/** A document as a job hands it in. */
export interface RecipeDocument {
  id: string;
  text: string;
  format?: DocFormat;
  name?: string;
  meta?: DocMeta;
}

/** One chunk as `batch` and `serve` write it. Offsets in code points. */
export interface ChunkRow {
  id: string;
  docId: string;
  index: number;
  start: number;
  end: number;
  text: string;
  prefix: string;
  tokens: number;
  headingPath: string[];
  /** PDF documents: the page the chunk starts on (1-based); absent otherwise. */
  page?: number;
  returnStart?: number;
  returnEnd?: number;
  parentId?: string;
  recipeHash: string;
}

/**
 * The chunk id: document id, index and a hash of the recipe and the span, so reruns and machines
 * agree and two recipes never share an id.
 */
export function chunkRowId(docId: string, index: number, hash: string, start: number, end: number): string {
  return `${docId}#${index}-${hash64(`${hash}\u0000${docId}\u0000${start}\u0000${end}`).slice(-10)}`;
}

export interface ChunkOneContext {
  tokenizer: TextTokenizer;
  /** Vectors for the semantic chunker when the recipe does not use the lexical embedder. */
  embed?: EmbedFn;
  signal?: AbortSignal;
  /** recipeHash(recipe), when the caller has it already (it is the same for every document). */
  hash?: string;
}

const FORMATS = new Set(['markdown', 'md', 'text', 'txt', 'html']);

/** The document format names a job may give: md/markdown, txt/text, html. */
export function documentFormat(v: unknown, where: string): DocFormat | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !FORMATS.has(v)) throw new InputError(`"format" must be md, txt or html, got ${JSON.stringify(v)}`, where);
  return v === 'md' ? 'markdown' : v === 'txt' ? 'text' : (v as DocFormat);
}

/** The chunks of one document under a recipe. */
export async function chunkWithRecipe(input: RecipeDocument, recipe: Recipe, ctx: ChunkOneContext): Promise<ChunkRow[]> {
  const doc = parseDocument({ id: input.id, text: input.text, format: input.format, name: input.name, meta: input.meta });
  const embed = recipe.chunker === 'semantic' ? (ctx.embed ?? lexicalEmbedderFor(doc).embed) : undefined;
  const chunks = await chunkDocument(doc, recipe.chunker, recipe.params, { tokenizer: ctx.tokenizer, embed, signal: ctx.signal });
  return chunkRows(doc.text, doc.meta, chunks, ctx.hash ?? recipeHash(recipe));
}

/** Chunks as rows: code-point offsets, texts cut from the document, deterministic ids, pages. */
export function chunkRows(text: string, meta: DocMeta, chunks: readonly Chunk[], hash: string): ChunkRow[] {
  const map = offsetMap(text);
  const pages = typeof meta.pages === 'string' ? parsePageMap(meta.pages, text.length) : [];
  const ids = new Map<string, string>();
  const rows = chunks.map((c, i) => {
    const start = map.toCodePoint(c.start);
    const end = map.toCodePoint(c.end);
    const id = chunkRowId(c.docId, i, hash, start, end);
    ids.set(c.id, id);
    const row: ChunkRow = { id, docId: c.docId, index: i, start, end, text: text.slice(c.start, c.end), prefix: c.prefix, tokens: c.tokens, headingPath: c.headingPath, recipeHash: hash };
    const page = pages.length ? pageAt(pages, c.start) : undefined;
    if (page !== undefined) row.page = page;
    if (c.returnStart !== undefined || c.returnEnd !== undefined) {
      row.returnStart = map.toCodePoint(c.returnStart ?? c.start);
      row.returnEnd = map.toCodePoint(c.returnEnd ?? c.end);
    }
    if (c.parentId !== undefined) row.parentId = c.parentId;
    return row;
  });
  return rows;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A document as a job sends it (a JSONL line, a stdio request, a Parquet row):
 * `{"id", "text", "format"?: "md"|"txt"|"html", "meta"?: {string: string}}`, checked; where names it.
 */
export function recipeDocumentOf(v: unknown, where: string): RecipeDocument {
  if (!isObj(v)) throw new InputError('a document must be a JSON object {"id", "text"}', where);
  if (typeof v.id !== 'string' || !v.id) throw new InputError('"id" must be a non-empty string', where);
  if (typeof v.text !== 'string') throw new InputError('"text" must be a string', `${where} (${v.id})`);
  const doc: RecipeDocument = { id: v.id, text: v.text };
  const format = documentFormat(v.format, `${where} (${v.id})`);
  if (format) doc.format = format;
  if (v.meta !== undefined && v.meta !== null) {
    if (!isObj(v.meta) || !Object.values(v.meta).every((x) => typeof x === 'string')) {
      throw new InputError('"meta" must be an object of strings', `${where} (${v.id})`);
    }
    doc.meta = { ...(v.meta as Record<string, string>) };
  }
  return doc;
}
