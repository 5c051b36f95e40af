// Word (.docx) → Markdown through mammoth (docx → HTML; a well-kept converter that reads heading
// styles, numbered and bulleted lists and table header rows), then the HTML path (html.ts) for the
// blocks, written out as Markdown by the PDF reader's renderer: headings by style (#…######), lists
// with their nesting, tables as pipe tables with their header row; bold and italic read as plain
// text. mammoth is passed in (module or loader) like pdf.js, so the engine imports neither: Node
// and the browser worker hand over the same package (its "browser" field swaps the zip reader).

import { InputError, type Doc, type DocMeta } from '../types.ts';
import { extractHtml } from './html.ts';
import { parseDocument } from './parse.ts';
import { renderBlocks } from './pdf/markdown/render.ts';
import type { PBlock } from './pdf/types.ts';
import { checkZipSizes } from './zip-limits.ts';

/** What the Word reader needs of mammoth (passed in, module or loader, so the engine imports neither mammoth nor a file system). */
export interface MammothLike {
  convertToHtml(
    input: { arrayBuffer?: ArrayBuffer; buffer?: Uint8Array },
    options?: { styleMap?: string[]; includeDefaultStyleMap?: boolean; convertImage?: unknown },
  ): Promise<{ value: string; messages: { type: string; message: string }[] }>;
  /** mammoth.images: imgElement builds an image converter (used so that no image is ever read). */
  images?: { imgElement(f: (image: unknown) => Promise<{ src: string }>): unknown };
}

export type MammothSource = MammothLike | (() => Promise<MammothLike>);

export interface DocxResult {
  markdown: string;
  /** mammoth's warnings (unknown styles, unsupported elements), deduplicated. */
  notes: string[];
}

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

function kindOfBytes(b: Uint8Array): 'zip' | 'ole' | 'other' {
  if (b[0] === 0x50 && b[1] === 0x4b) return 'zip';
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) return 'ole';
  return 'other';
}

export async function docxToMarkdown(input: Uint8Array | ArrayBuffer, source: MammothSource, where?: string): Promise<DocxResult> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (!bytes.length) throw new InputError('the Word file is empty', where, { code: 'empty-file' });
  const kind = kindOfBytes(bytes);
  if (kind === 'ole') {
    throw new InputError('an old-format Word file (.doc) or a password-protected .docx: save it as a .docx without a password and add it again', where, { code: 'old-word-file' });
  }
  if (kind !== 'zip') throw new InputError('not a Word document: a .docx file is a ZIP archive and this one is not', where, { code: 'wrong-file-type' });
  await checkZipSizes(bytes, where);
  const mammoth = typeof source === 'function' ? await source() : source;
  if (!mammoth || typeof mammoth.convertToHtml !== 'function') throw new InputError('the Word reader (mammoth) did not load', where, { code: 'no-reader' });
  // A copy as an ArrayBuffer (the browser build reads `arrayBuffer`, Node's reads `buffer`).
  const copy = new Uint8Array(bytes);
  let html: string;
  let messages: { type: string; message: string }[];
  try {
    ({ value: html, messages } = await mammoth.convertToHtml({ arrayBuffer: copy.buffer as ArrayBuffer, buffer: copy }, { styleMap: STYLE_MAP, convertImage: noImages(mammoth) }));
  } catch (e) {
    throw new InputError(`the Word document is damaged and cannot be read (${String((e as Error)?.message ?? e).slice(0, 120)})`, where, { code: 'damaged-file' });
  }
  const notes = [...new Set(messages.filter((m) => m.type === 'warning' || m.type === 'error').map((m) => m.message.slice(0, 200)))];
  return { markdown: htmlToMarkdown(html), notes };
}

/**
 * HTML as Markdown (Word through mammoth's HTML, and `convert page.html`): the HTML path's blocks
 * written by the PDF reader's renderer: headings at their level, lists with their nesting and
 * numbers, tables as pipe tables, <pre> as a fence with its language, paragraphs as one line.
 */
export function htmlToMarkdown(html: string): string {
  const ex = extractHtml(markOrderedItems(html));
  const blocks: PBlock[] = [];
  for (const b of ex.blocks) {
    const raw = ex.text.slice(b.start, b.end);
    const text = b.kind === 'list-item' ? raw : raw.replaceAll(OL_MARK, '');
    switch (b.kind) {
      case 'heading':
        blocks.push({ kind: 'heading', level: b.level ?? 1, text: (b.title ?? text).replaceAll(OL_MARK, ''), page: 1 });
        break;
      case 'list-item':
        blocks.push({ kind: 'list-item', text: oneLine(text), depth: b.level ?? 1, marker: '-', page: 1 });
        break;
      case 'table': {
        const line = (s: { start: number; end: number }) => ex.text.slice(s.start, s.end).replaceAll(OL_MARK, '').split(' | ');
        const rows = (b.rows ?? []).map(line);
        const header = b.header ? line(b.header) : rows.shift();
        if (header) blocks.push({ kind: 'table', header, rows, page: 1 });
        break;
      }
      case 'code':
        blocks.push({ kind: 'code', lines: text.split('\n'), ...(b.lang ? { lang: b.lang } : {}), page: 1 });
        break;
      default:
        blocks.push({ kind: 'paragraph', text: oneLine(text), page: 1 });
    }
  }
  return renderBlocks(numberItems(blocks)).markdown;
}

/**
 * Images are never read: mammoth's default inlines every image as a base64 data URL (50 references
 * to one 40 MB image took 1.8 GB and minutes) and the text needs none of them. An <img> with an
 * empty source is written instead (its alt text, if any, kept by mammoth); the bytes stay zipped.
 */
function noImages(mammoth: MammothLike): unknown {
  const imgElement = mammoth.images?.imgElement;
  if (typeof imgElement === 'function') return imgElement(() => Promise.resolve({ src: '' }));
  // A reader without mammoth's helpers: a converter that emits nothing (the same contract).
  return () => Promise.resolve([]);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Marks the items of numbered lists (a private-use character the text cannot hold: stripped first). */
const OL_MARK = '\uE000';

/**
 * The HTML path does not say which lists were numbered: mark each <li> whose list is an <ol> in
 * mammoth's markup, so its item can be numbered after extraction.
 */
function markOrderedItems(html: string): string {
  const stack: boolean[] = [];
  return html.replaceAll(OL_MARK, '').replace(/<(\/?)(ol|ul|li)\b[^>]*>/g, (tag, close: string, name: string) => {
    if (name === 'li') return !close && stack[stack.length - 1] ? tag + OL_MARK : tag;
    if (close) stack.pop();
    else stack.push(name === 'ol');
    return tag;
  });
}

/** Numbers the marked items per list level; a non-item block ends the lists. */
function numberItems(blocks: PBlock[]): PBlock[] {
  const counters: number[] = [];
  return blocks.map((b) => {
    if (b.kind !== 'list-item') {
      counters.length = 0;
      return b;
    }
    counters.length = b.depth;
    const ordered = b.text.startsWith(OL_MARK);
    const text = b.text.replaceAll(OL_MARK, '').trim();
    if (!ordered) return { ...b, text };
    counters[b.depth - 1] = (counters[b.depth - 1] ?? 0) + 1;
    return { ...b, text, marker: `${counters[b.depth - 1]}.` };
  });
}

export interface DocxDocInput {
  id: string;
  bytes: Uint8Array | ArrayBuffer;
  name?: string;
  meta?: DocMeta;
}

/** A Doc from a .docx file: its Markdown parsed as Markdown, meta.source = "docx". */
export async function parseDocx(input: DocxDocInput, mammoth: MammothSource): Promise<Doc> {
  const r = await docxToMarkdown(input.bytes, mammoth, input.name ?? input.id);
  const meta: DocMeta = { source: 'docx' };
  if (r.notes.length) meta.notes = r.notes.join('; ');
  if (input.name) meta.fileName = input.name;
  return parseDocument({ id: input.id, text: r.markdown, format: 'markdown', name: input.name, meta: { ...meta, ...input.meta } });
}
