// Parse Markdown, plain text or HTML into a Doc (text + blocks with offsets), cut blocks into units
// (headings, sentences, table rows, code) and group blocks into sections. Every offset is a UTF-16
// offset into doc.text, which for Markdown and plain text is the input unchanged (CRLF included) and
// for HTML is the extracted text.

import { InputError, type Block, type Doc, type DocFormat, type DocMeta, type Span, type Unit } from '../types.ts';
import { extractHtml } from './html.ts';
import { guessLanguage } from './language.ts';
import { parseMarkdown } from './markdown.ts';
import { parsePlainText } from './plaintext.ts';
import { sentenceSpans } from './sentences.ts';
import { finalizeBlocks, type RawBlock } from './text-utils.ts';

export interface ParseInput {
  id: string;
  text: string;
  format?: DocFormat;
  name?: string;
  meta?: DocMeta;
}

export interface Section {
  start: number;
  end: number;
  headingPath: string[];
  /** Block index of its heading; absent for the preamble before the first heading. */
  heading?: number;
  /** Block index range [from, to). */
  blocks: [number, number];
}

const FORMATS: readonly DocFormat[] = ['markdown', 'text', 'html'];

/** The format a file name implies (by extension), or undefined when the name has no extension. */
export function formatFromName(name: string): DocFormat | undefined {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  if (!m) return undefined;
  const ext = m[1].toLowerCase();
  if (ext === 'md' || ext === 'markdown' || ext === 'mdx' || ext === 'mkd') return 'markdown';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  return 'text';
}

/** Guess the format from the first 64 KB of content. */
export function sniffFormat(text: string): DocFormat {
  const head = text.slice(0, 65_536);
  if (/^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(head)) return 'html';
  const tags = head.match(/<\/?(?:p|div|h[1-6]|ul|ol|li|table|tr|td|br|span|a|section|article)\b[^>]*>/gi)?.length ?? 0;
  if (/^\s*</.test(head) && tags >= 2) return 'html';
  let strong = 0;
  if (/^\uFEFF?---[ \t]*\r?\n[\s\S]*?\n---[ \t]*(?:\r?\n|$)/.test(head)) strong++;
  if (/^ {0,3}#{1,6}[ \t]+\S/m.test(head)) strong++;
  if (/^ {0,3}(?:```|~~~)/m.test(head)) strong++;
  if (/^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*\|/m.test(head)) strong++;
  const links = head.match(/\[[^\]\n]+\]\([^)\s]+\)/g)?.length ?? 0;
  const emphasis = head.match(/(?:\*\*|__)\S[^\n]*?\S(?:\*\*|__)|`[^`\n]+`/g)?.length ?? 0;
  if (strong >= 1 || links + emphasis >= 2) return 'markdown';
  return 'text';
}

/**
 * Parse a document. The format comes from `format`, else from `name`'s extension, else from the
 * content. Meta: input.meta wins over front matter / <title>; title falls back to the first H1,
 * then the name, then the id.
 */
export function parseDocument(input: ParseInput): Doc {
  if (!input || typeof input !== 'object') throw new InputError('parseDocument: expected { id, text }');
  const { id, text, name } = input;
  if (typeof id !== 'string' || id === '') throw new InputError('document id must be a non-empty string');
  if (typeof text !== 'string') throw new InputError('document text must be a string', id);
  if (name !== undefined && typeof name !== 'string') throw new InputError('document name must be a string', id);
  if (input.format !== undefined && !FORMATS.includes(input.format)) {
    throw new InputError(`unknown format "${String(input.format)}" (expected markdown, text or html)`, id);
  }
  const userMeta: DocMeta = {};
  if (input.meta !== undefined) {
    if (!input.meta || typeof input.meta !== 'object') throw new InputError('document meta must be an object', id);
    for (const [k, v] of Object.entries(input.meta)) {
      if (v === undefined) continue;
      if (typeof v !== 'string') throw new InputError(`meta.${k} must be a string, got ${typeof v}`, id);
      userMeta[k] = v;
    }
  }
  const format: DocFormat = input.format ?? (name ? formatFromName(name) : undefined) ?? sniffFormat(text);

  let docText = text;
  let raw: RawBlock[];
  let found: DocMeta = {};
  if (format === 'markdown') {
    const md = parseMarkdown(text);
    raw = md.blocks;
    found = md.frontMatter;
  } else if (format === 'html') {
    const ex = extractHtml(text);
    docText = ex.text;
    raw = ex.blocks;
    found = ex.meta;
  } else {
    raw = parsePlainText(text);
  }
  const blocks = finalizeBlocks(docText, raw);
  const meta: DocMeta = { ...found, ...userMeta };
  if (!meta.title) {
    const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1 && b.title);
    meta.title = h1?.title || name || id;
  }
  return { id, text: docText, format, meta, blocks };
}

/** The indivisible pieces of a document, in order: headings, sentences, table header/rows, code… */
export function docUnits(doc: Doc, language?: string): Unit[] {
  const lang = language || doc.meta.language || guessLanguage(doc.text.slice(0, 20_000));
  const units: Unit[] = [];
  doc.blocks.forEach((b: Block, i: number) => {
    const unit = (kind: Unit['kind'], s: Span) => units.push({ kind, start: s.start, end: s.end, block: i, headingPath: b.headingPath.slice() });
    switch (b.kind) {
      case 'heading':
        unit('heading', b);
        break;
      case 'code':
        unit('code', b);
        break;
      case 'rule':
        unit('rule', b);
        break;
      case 'front-matter':
        unit('front-matter', b);
        break;
      case 'table':
        if (b.header) unit('table-header', b.header);
        for (const r of b.rows ?? []) unit('table-row', r);
        if (!b.header && !(b.rows ?? []).length) unit('table-row', b);
        break;
      default:
        for (const s of sentenceSpans(doc.text, b.start, b.end, lang)) unit('sentence', s);
    }
  });
  return units;
}

/**
 * Sections at `level`: each starts at a heading of level <= level and runs to just before the next
 * such heading; blocks before the first one form a preamble (no `heading`). Together they cover all
 * blocks in order. A level below 1 gives one section for the whole document.
 */
export function sections(doc: Doc, level: number): Section[] {
  if (typeof level !== 'number' || Number.isNaN(level)) throw new InputError(`section level must be a number, got ${String(level)}`);
  const out: Section[] = [];
  const n = doc.blocks.length;
  let from = 0;
  const close = (to: number, heading?: number) => {
    if (to <= from) return;
    const first = doc.blocks[from];
    const last = doc.blocks[to - 1];
    const s: Section = {
      start: first.start,
      end: last.end,
      headingPath: heading === undefined ? [] : doc.blocks[heading].headingPath.slice(),
      blocks: [from, to],
    };
    if (heading !== undefined) s.heading = heading;
    out.push(s);
  };
  let currentHeading: number | undefined;
  for (let i = 0; i < n; i++) {
    const b = doc.blocks[i];
    if (b.kind === 'heading' && (b.level ?? 1) <= level) {
      close(i, currentHeading);
      from = i;
      currentHeading = i;
    }
  }
  close(n, currentHeading);
  return out;
}
