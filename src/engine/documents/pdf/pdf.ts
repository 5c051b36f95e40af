// PDF → Markdown + page map, through pdf.js (passed in by the caller: see types.ts). The reader runs
// in stages, each a folder (README.md there draws them): read (open the file, each page's text
// items, fonts, drawn lines) → lines (rows, columns, reading order, running lines) → roles (which
// line is a heading: tags, outline, or roles/decide.ts) → blocks (paragraphs, lists, code) →
// tables (ruled and borderless) → markdown (text and page map). Tagged pages take their blocks from
// the structure tree (tagged/). Encrypted, truncated, damaged and scanned PDFs are refused with an
// InputError that says which. The Markdown is what every chunker reads; the page map goes into the
// document's meta (markdown/page-map.ts).

import { InputError, type Doc, type DocMeta } from '../../types.ts';
import { parseDocument } from '../parse.ts';
import { layoutBlocks, linePitch } from './blocks/blocks.ts';
import { joinPages } from './blocks/join-pages.ts';
import { carryStrandedHeaders } from './tables/stranded.ts';
import { codeLanguages } from './blocks/code-lang.ts';
import { rowsOf, rowText, Vocab } from './lines/geometry.ts';
import { handRunningRows, readingOrder, removeRunningLines, type PageRows, type RunningDecision } from './lines/layout.ts';
import { DOUBT_NOTES, doubtsOf, type Doubt } from './lines/doubts.ts';
import { groupNotes } from './markdown/notes.ts';
import { formatPageMap, type PageRange } from './markdown/page-map.ts';
import { renderBlocks, type ColumnCuts } from './markdown/render.ts';
import { stripUndecodable } from './markdown/undecodable.ts';
import { openPdf, outlineTooDeep } from './read/open.ts';
import { PageBudget } from './read/budget.ts';
import { opCodesOf } from './read/drawn.ts';
import { hasStructure, loadBold, perPageTrees, readPage, SHOW_TEXT, type PageData, type ReadContext } from './read/page.ts';
import { MAX_OUTLINE_DEPTH } from './read/streams.ts';
import { READABLE } from './read/undecodable.ts';
import { lineRoles, type LineDecision } from './roles/decide.ts';
import { modelDecision } from './roles/model.ts';
import { belowOutline, flattenOutline, outlineHeadings, type OutlineEntry } from './roles/outline.ts';
import { compact } from './roles/patterns.ts';
import { runInHeadings } from './roles/run-in.ts';
import { RUNNING_MODEL, runningDecision } from './roles/running.ts';
import { ruledRows, tableLike } from './tables/ruled-page.ts';
import { gridsOf } from './tables/ruled.ts';
import { taggedRunning } from './tagged/running.ts';
import { levelBareHeadings, taggedBlocks, type TaggedPage } from './tagged/tree.ts';
import { MAX_RUNNING_SHARE } from './thresholds.ts';
import type { PBlock, PdfDocumentProxy, PdfjsSource, PdfOptions } from './types.ts';
import { ocrMeta, pagesToRead, readByOcr, textSizes, warmOcr } from '../ocr/pages.ts';
import type { OcrReader, OcrSummary } from '../ocr/types.ts';

export type { PdfjsModule, PdfjsSource, PdfOptions } from './types.ts';
export { parsePageMap, pageAt, pagesOf, formatPageMap, type PageRange } from './markdown/page-map.ts';
export type { ColumnCuts } from './markdown/render.ts';

export interface PdfResult {
  markdown: string;
  pages: PageRange[];
  pageCount: number;
  /** Where the headings came from. */
  headings: 'structure' | 'outline' | 'fonts';
  /** Things a reader should know: pages without text, tables kept as lines… */
  notes: string[];
  /** Running headers, footers and page numbers removed (lines). */
  runningLines: number;
  /** The structure was guessed: no tags with headings, no outline, few font cues; or a layout read badly (`doubts`). */
  guessed: boolean;
  /** Layouts the reader found and reads badly (lines/doubts.ts): each is also a note. */
  doubts?: Doubt[];
  title?: string;
  /** Paragraph lines the reader saw as cells, with where each cell starts (see render.ts). */
  columns: ColumnCuts;
  /** Pages read by OCR, their words and the time taken (absent when OCR found words on no page). */
  ocr?: OcrSummary;
}

/** What the stages have found so far, page by page: blocks, where headings came from, notes. */
interface Reading {
  pages: PageData[];
  vocab: Vocab;
  notes: string[];
  /** Blocks of each page read so far (tagged pages first, then layout pages). */
  perPage: Map<number, PBlock[]>;
  headings: PdfResult['headings'];
  runningLines: number;
  /** Headings found by look (fonts, outline) rather than by tags. */
  fontCues: number;
  /** The roles stage's per-line decision (undefined: the hand rules). */
  decide?: LineDecision;
  onRoles?: PdfOptions['onRoles'];
  /** The lines stage's running-line decision (undefined: the hand rules). */
  running?: RunningDecision;
  onLinePages?: PdfOptions['onLinePages'];
  /** Layouts read badly (side headings, sideways text), found by readLayout. */
  doubts: Doubt[];
}

/**
 * The per-line heading decision a reading uses: the learned model when one is given, the hand rules
 * when the option is null. The default is the hand rules: the learned model does not yet do better on
 * producers held out of its training (bench/pdf-corpus, `npm run bench -- --only pdf-corpus`).
 */
function decisionOf(opts: PdfOptions): LineDecision | undefined {
  return opts.headingModel ? modelDecision(opts.headingModel, (rows) => lineRoles(rows)) : undefined;
}

/**
 * The running-line decision a reading uses: the learned model (the shipped one unless another is
 * given), the hand rules when the option is null. The model is the default since it holds or does
 * better than the hand rules on every producer held out of its training and on the real-PDF bench
 * (bench/pdf-corpus/README.md gives the figures and how to measure them).
 */
function runningOf(opts: PdfOptions): RunningDecision | undefined {
  return opts.runningModel === null ? undefined : runningDecision(opts.runningModel ?? RUNNING_MODEL);
}

const visible = (p: PageData) => p.items.some((i) => READABLE.test(i.s));

/** Reads a PDF into Markdown and a page map. */
export async function pdfToMarkdown(input: Uint8Array | ArrayBuffer, pdfjsSource: PdfjsSource, opts: PdfOptions = {}): Promise<PdfResult> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  // OCR's recogniser loads (in its own thread) while the text is read, when the file may hold scans (ocr/pages.ts).
  warmOcr(opts.ocr, bytes);
  try {
    return await readPdf(bytes, pdfjsSource, opts);
  } finally {
    opts.ocr?.release?.();
  }
}

async function readPdf(bytes: Uint8Array, pdfjsSource: PdfjsSource, opts: PdfOptions): Promise<PdfResult> {
  const { pdfjs, doc, objectStreams } = await openPdf(pdfjsSource, bytes, opts);
  try {
    const mark = await doc.getMarkInfo().catch(() => null);
    // Tagged: marked as such, or carrying a structure tree that reaches content without the mark (some producers omit it).
    const tagged = !opts.ignoreStructure && (!!mark?.Marked || (await hasStructure(doc)));
    const fontBold = new Map<string, boolean>();
    const codes = { ...opCodesOf(pdfjs.OPS), showText: typeof pdfjs.OPS?.showText === 'number' ? pdfjs.OPS.showText : SHOW_TEXT };
    const ctx: ReadContext = { tagged, fontBold: tagged ? null : fontBold, codes, where: opts.where, wantsDrawing: tableLike, budget: PageBudget.of(bytes, objectStreams, doc.numPages, opts.inflate) };
    const pages: PageData[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      pages.push(await readPage(doc, n, ctx));
      opts.onProgress?.(n, doc.numPages);
    }
    const ocr = await ocrStep(bytes, pages, opts);
    const vocab = new Vocab();
    for (const p of pages) for (const it of p.items) vocab.add(it.s);
    const r: Reading = { pages, vocab, notes: textNotes(pages, opts.where, ocrAdvice(opts.ocr, ocr)), perPage: new Map(), headings: 'fonts', runningLines: 0, fontCues: 0, decide: decisionOf(opts), onRoles: opts.onRoles, running: runningOf(opts), onLinePages: opts.onLinePages, doubts: [] };
    const { layoutData, noHeadingRoles, notHeadings } = readTagged(r, tagged);
    if (tagged) await loadBold(doc, noHeadingRoles ? pages.filter(visible) : layoutData, { ...ctx, fontBold }, new Set(layoutData), opts.signal);
    const outline = await outlineOf(doc, r.notes);
    if (noHeadingRoles) headingsIntoTagged(r, outline, notHeadings);
    if (layoutData.length) readLayout(r, layoutData, outline);
    const blocks = joinPages([...r.perPage.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]), vocab);
    const { markdown, pages: ranges, columns } = renderBlocks(codeLanguages(stripUndecodable(blocks)));
    const info = (await doc.getMetadata().catch(() => ({ info: undefined }))).info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    // Guessed: no structure tree or outline gave the headings, and fonts gave few (under one a page).
    const few = r.headings === 'fonts' && r.fontCues < Math.max(1, Math.min(3, pages.length / 4));
    if (few) r.notes.push('structure guessed: no tags or outline and few font cues; check the headings and tables');
    for (const d of r.doubts) r.notes.push(`structure guessed: ${DOUBT_NOTES[d]}; check the text and tables`);
    const guessed = few || r.doubts.length > 0;
    return { markdown, pages: ranges, pageCount: doc.numPages, headings: r.headings, notes: groupNotes(r.notes), runningLines: r.runningLines, guessed, columns, ...(r.doubts.length ? { doubts: r.doubts } : {}), ...(title ? { title } : {}), ...(ocr?.pages.length ? { ocr } : {}) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/**
 * Pages with no text layer (or every page, by the OCR's mode) read by OCR (../ocr): their placed
 * words stand in for the text, and every later stage reads them as text. Null when none was read.
 */
async function ocrStep(bytes: Uint8Array, pages: PageData[], opts: PdfOptions): Promise<OcrSummary | null> {
  if (!opts.ocr) return null;
  const todo = pagesToRead(opts.ocr, pages, visible);
  const read = await readByOcr(opts.ocr, bytes, todo.map((p) => p.n), textSizes(pages.filter((p) => !todo.includes(p))), { signal: opts.signal, onProgress: opts.onOcrProgress });
  for (const p of pages) {
    const got = read?.pages.get(p.n);
    if (got) Object.assign(p, { items: got.items, box: got.box, tree: null, ocr: true, garbled: undefined, undecodable: undefined });
  }
  return read?.summary ?? null;
}

/** What to do about a scan, by what OCR did. */
function ocrAdvice(reader: OcrReader | undefined, done: OcrSummary | null): string {
  if (done) return `OCR (${done.lang}) found no words on ${done.tried.length === 1 ? 'it' : 'them'}`;
  if (reader?.mode === 'never') return 'OCR is off (--ocr never): read it with --ocr auto';
  return 'run OCR on it first (--ocr auto)';
}

/**
 * Notes on pages without readable text; an InputError when no page has any (a scan, or fonts that
 * map their characters to no Unicode text).
 */
function textNotes(pages: PageData[], where?: string, advice = 'run OCR on it first'): string[] {
  const skipped = pages.filter((p) => p.skipped);
  if (skipped.length && pages.every((p) => p.skipped || !visible(p))) {
    throw new InputError(`the PDF was not read: its ${skipped.length === 1 ? 'page' : 'pages'} with content ${skipped.length === 1 ? 'is' : 'are'} past the reader's budget (p. ${skipped[0].n}: ${skipped[0].skipped})`, where, { code: 'too-large' });
  }
  const blank = pages.filter((p) => !visible(p) && !p.skipped).map((p) => p.n);
  const garbled = pages.filter((p) => p.garbled);
  const undecoded = pages.filter((p) => p.undecodable);
  if (blank.length === pages.length && undecoded.length) {
    const chars = undecoded.reduce((a, p) => a + p.undecodable!, 0);
    throw new InputError(
      `the PDF's text cannot be decoded: its fonts map their characters to no Unicode text (${chars} character${chars === 1 ? '' : 's'} on ${undecoded.length} page${undecoded.length === 1 ? '' : 's'}); run OCR on it first`,
      where,
      { code: 'scanned-pdf' },
    );
  }
  if (blank.length === pages.length) {
    throw new InputError(`the PDF has no text layer (${pages.length} page${pages.length === 1 ? '' : 's'} of images only): it looks scanned; ${advice}`, where, { code: 'scanned-pdf' });
  }
  const notes: string[] = [];
  const imageOnly = blank.filter((n) => !garbled.some((p) => p.n === n));
  if (imageOnly.length) notes.push(`no text on ${imageOnly.length === 1 ? 'page' : 'pages'} ${imageOnly.join(', ')} (image only or blank)`);
  for (const p of skipped) notes.push(`p. ${p.n}: page left out unread because ${p.skipped}, past the reader's budget for one page (the rest of the document is read)`);
  for (const p of garbled) notes.push(`p. ${p.n}: text in fonts with no Unicode map left out (it cannot be decoded; OCR would read it)`);
  return notes;
}

/**
 * Tagged pages whose tree reaches most of their text get their blocks from it; the others (and every
 * page of an untagged file) are left for layout analysis, without the running lines found across
 * the tagged pages.
 */
function readTagged(r: Reading, tagged: boolean): { layoutData: PageData[]; noHeadingRoles: boolean; notHeadings: Set<PBlock> } {
  /** Tagged paragraphs font analysis must leave as they are (captions, TOC entries). */
  const notHeadings = new Set<PBlock>();
  const taggedPages: TaggedPage[] = [];
  const layoutData: PageData[] = [];
  // Running lines a producer left in the tree or in untagged content (found across the tagged pages).
  // Over every page of a tagged file, so that an untagged page among tagged ones loses them too.
  const running = tagged && perPageTrees(r.pages) ? taggedRunning(r.pages.filter(visible)) : null;
  for (const p of r.pages) {
    if (!visible(p)) continue;
    if (p.tree) {
      const t = taggedBlocks(p.tree, p.items, p.n, r.vocab, running?.items);
      if (t.total > 0 && t.covered / t.total >= 0.5 && t.blocks.length) {
        r.perPage.set(p.n, t.blocks);
        taggedPages.push(t);
        for (const b of t.notHeadings) notHeadings.add(b);
        r.runningLines += running?.lines.get(p.n) ?? 0;
        continue;
      }
    }
    if (running?.items.size) {
      p.items = p.items.filter((it) => !running.items.has(it));
      r.runningLines += running.lines.get(p.n) ?? 0;
    }
    layoutData.push(p);
  }
  levelBareHeadings(taggedPages);
  if (r.perPage.size) r.headings = 'structure';
  // No heading roles, or one (a title tagged H1 over paragraphs whose headings were set by hand).
  const noHeadingRoles = r.perPage.size > 0 && [...r.perPage.values()].reduce((n, bs) => n + bs.filter((b) => b.kind === 'heading').length, 0) <= 1;
  return { layoutData, noHeadingRoles, notHeadings };
}

/** The document's outline, flattened; none (with a note) when it nests too deep to read. */
async function outlineOf(doc: PdfDocumentProxy, notes: string[]): Promise<OutlineEntry[]> {
  const tooDeep = outlineTooDeep(doc);
  if (tooDeep) notes.push(`outline ignored: it nests ${tooDeep} levels deep (the limit is ${MAX_OUTLINE_DEPTH})`);
  return tooDeep ? [] : flattenOutline(await doc.getOutline().catch(() => null));
}

/**
 * A tagged PDF whose tree has no heading roles (or only its title's): its paragraphs that the
 * outline or the roles stage finds to be headings become headings (its lists and tables stay as
 * tagged).
 */
function headingsIntoTagged(r: Reading, outline: OutlineEntry[], notHeadings: Set<PBlock>): void {
  const rows = r.pages.filter((p) => r.perPage.has(p.n)).flatMap((p) => readingOrder(rowsOf(p.items, p.n)));
  const outlined = outlineHeadings(rows, outline);
  const found = outlined ?? lineRoles(rows, { decide: r.decide });
  const level = new Map<string, number>();
  for (const [row, l] of found) {
    const k = compact(rowText(row));
    if (k && !level.has(k)) level.set(k, l);
  }
  let n = 0;
  for (const [pg, bs] of r.perPage)
    r.perPage.set(pg, bs.map((b) => {
      const l = b.kind === 'paragraph' && !notHeadings.has(b) ? level.get(compact(b.text)) : undefined;
      if (!l || b.kind !== 'paragraph') return b;
      n++;
      return { kind: 'heading', level: l, text: b.text, page: b.page };
    }));
  if (n) r.headings = outlined ? 'outline' : 'fonts';
  r.fontCues += n;
}

/** Pages read by their layout: rows (ruled tables in place), running lines, reading order, headings, blocks. */
function readLayout(r: Reading, layoutData: PageData[], outline: OutlineEntry[]): void {
  const layoutPages: PageRows[] = layoutData.map((p) => {
    const [, y0, , y1] = p.box.length === 4 ? p.box : [0, 0, 612, 792];
    return { page: p.n, top: Math.max(y0, y1), bottom: Math.min(y0, y1), rows: p.drawn ? ruledRows({ segs: p.drawn, grids: gridsOf(p.drawn) }, p.items, p.n, r.vocab) : rowsOf(p.items, p.n) };
  });
  // Running lines are a few rows a page. When "removing" them would take most of the text (pages
  // that repeat the same content: a form printed once per record, test sheets, one line a page)
  // what repeats is the content itself: it stays.
  const kept = layoutPages.map((p) => p.rows);
  const rowCount = kept.reduce((a, rows) => a + rows.length, 0);
  if (r.onLinePages) r.onLinePages(layoutPages.map((p) => ({ ...p, rows: [...p.rows] })), handRunningRows(layoutPages));
  const removed = removeRunningLines(layoutPages, r.running);
  if (removed > MAX_RUNNING_SHARE * rowCount) layoutPages.forEach((p, k) => (p.rows = kept[k]));
  else r.runningLines += removed;
  r.doubts = doubtsOf(layoutPages, layoutData.flatMap((p) => (p.sideways ? [p.sideways] : [])));
  const ordered = layoutPages.map((p) => readingOrder(p.rows));
  carryStrandedHeaders(ordered);
  const all = ordered.flat().filter((row) => !row.table);
  let headingOf = !r.perPage.size ? outlineHeadings(all, outline) : null;
  if (headingOf) {
    r.headings = 'outline';
    headingOf = belowOutline(all, headingOf, lineRoles(all, { decide: r.decide }));
  } else headingOf = lineRoles(all, { decide: r.decide });
  r.onRoles?.(all, headingOf);
  // Run-in headings ("1.2 Scope." in bold opening a paragraph) unless the outline gave the headings.
  const runIns = r.headings === 'outline' ? undefined : runInHeadings(all, headingOf);
  r.fontCues += headingOf.size + (runIns?.size ?? 0);
  // Page by page, so that a tagged page between untagged ones keeps its place.
  const docPitch = linePitch(all);
  ordered.forEach((rows, k) => r.perPage.set(layoutPages[k].page, layoutBlocks(rows, headingOf, r.vocab, r.notes, runIns, docPitch)));
}

import { COLUMN_CUTS_META } from './types.ts';
export { COLUMN_CUTS_META };

export interface PdfDocInput {
  id: string;
  bytes: Uint8Array | ArrayBuffer;
  name?: string;
  meta?: DocMeta;
}

/**
 * A Doc from a PDF: its Markdown parsed as any Markdown document, with meta.source = "pdf",
 * meta.pages = the page map (see page-map.ts), meta.pageCount and meta.notes when there are any.
 */
export async function parsePdf(input: PdfDocInput, pdfjs: PdfjsSource, opts: PdfOptions = {}): Promise<Doc> {
  const r = await pdfToMarkdown(input.bytes, pdfjs, { where: input.name ?? input.id, ...opts });
  const meta: DocMeta = { source: 'pdf', pages: formatPageMap(r.pages), pageCount: String(r.pageCount), headingSource: r.headings };
  if (r.guessed) meta.structureGuessed = 'yes';
  if (r.doubts?.length) meta.structureDoubts = r.doubts.join(',');
  if (r.notes.length) meta.notes = r.notes.join('; ');
  // Taken out of meta by the documents reader (it goes to the import preview, not into the corpus).
  if (r.columns.length) meta[COLUMN_CUTS_META] = JSON.stringify(r.columns);
  // The title: the first level-1 heading, else the file's name, and only then the PDF's metadata
  // title, which is often a tool's placeholder ("Manual", "Microsoft Word - doc1.docx").
  if (r.title) meta.pdfTitle = r.title;
  // Pages read by OCR ("2,3"), their words and those under 60% confidence (the import preview shows them).
  if (r.ocr) Object.assign(meta, ocrMeta(r.ocr));
  if (input.name) meta.fileName = input.name;
  const fromName = input.name?.replace(/\.[^./\\]+$/, '').trim();
  if (!/^# \S/m.test(r.markdown) && (fromName || r.title)) meta.title = fromName || r.title!;
  return parseDocument({ id: input.id, text: r.markdown, format: 'markdown', name: input.name, meta: { ...meta, ...input.meta } });
}
