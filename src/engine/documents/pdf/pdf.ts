// PDF → Markdown + page map, through pdf.js (passed in by the caller: see types.ts). Headings come
// from the structure tree when the PDF is tagged, else from the outline matched to the text, else
// from font size and weight; untagged pages go through layout analysis (running lines removed,
// columns, tables, lists, code). Encrypted, truncated, damaged and scanned PDFs are refused with an
// InputError that says which. The Markdown is what every chunker reads; the page map goes into the
// document's meta (see page-map.ts).

import { InputError, type Doc, type DocMeta } from '../../types.ts';
import { parseDocument } from '../parse.ts';
import { layoutBlocks, linePitch, continues, mergeParagraph } from './blocks/blocks.ts';
import { rowsOf, rowText, toItem, Vocab, type Item } from './lines/geometry.ts';
import { belowOutline, compact, flattenOutline, fontHeadings, isBoldFontName, outlineHeadings, runInHeadings, type OutlineEntry } from './roles/headings.ts';
import { readingOrder, removeRunningLines, type PageRows } from './lines/layout.ts';
import { formatPageMap, type PageRange } from './markdown/page-map.ts';
import { renderBlocks, type ColumnCuts } from './markdown/render.ts';
import { ruledRows, tableLike } from './tables/ruled-page.ts';
import { fixGlyphOrder, glyphStreamOf, type GlyphOps } from './read/glyph-order.ts';
import { uprightVertical } from './read/vertical.ts';
import { gridsOf, opCodesOf, segmentsOf, type OpCodes, type OperatorList } from './tables/ruled.ts';
import type { Ruling } from './tables/ruled-page.ts';
import { compose, dominantTurn, turnOf, type Matrix } from './read/rotation.ts';
import { ARTIFACT_MC, levelBareHeadings, taggedBlocks, taggedRunning, type TaggedPage } from './tagged/tagged.ts';
import type { PBlock, PdfDocumentProxy, PdfjsModule, PdfjsSource, PdfPageProxy, PdfStructLeaf, PdfStructNode, PdfTextContent, PdfTextItem } from './types.ts';
import { checkInflatedSizes, MAX_IMAGE_PIXELS, MAX_OUTLINE_DEPTH, outlineDepth } from './read/streams.ts';

/** Most of a document's rows that running-line removal may take (see its use). */
const MAX_RUNNING_SHARE = 0.5;

/** Documents whose outline is too deep to ask pdf.js for (see outlineDepth), with the depth. */
const deepOutline = new WeakMap<object, number>();

export type { PdfjsModule, PdfjsSource } from './types.ts';
export { parsePageMap, pageAt, pagesOf, formatPageMap, type PageRange } from './markdown/page-map.ts';
export type { ColumnCuts } from './markdown/render.ts';

export interface PdfOptions {
  /** Extra getDocument parameters from the caller (e.g. standardFontDataUrl, a worker port). */
  documentOptions?: Record<string, unknown>;
  /** Called after each page is read. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Named in error messages (the file name). */
  where?: string;
  /** Read a tagged PDF by its layout, as if it had no structure tree (for badly tagged files). */
  ignoreStructure?: boolean;
}

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
  /** The structure was guessed: no tags with headings, no outline, few font cues. */
  guessed: boolean;
  title?: string;
  /** Paragraph lines the reader saw as cells, with where each cell starts (see render.ts). */
  columns: ColumnCuts;
}

const PASSWORD = /password/i;

async function resolve(src: PdfjsSource): Promise<PdfjsModule> {
  const m = typeof src === 'function' ? await src() : src;
  if (!m || typeof m.getDocument !== 'function') throw new InputError('the PDF reader (pdf.js) did not load', undefined, { code: 'no-reader' });
  return m;
}

/** Does the file end with the %%EOF marker (within its last 1,024 bytes, as readers allow)? */
function hasEof(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  for (let i = tail.length - 5; i >= 0; i--) {
    if (tail[i] === 0x25 && tail[i + 1] === 0x25 && tail[i + 2] === 0x45 && tail[i + 3] === 0x4f && tail[i + 4] === 0x46) return true;
  }
  return false;
}

function isPdfHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return true;
  }
  return false;
}

async function open(pdfjs: PdfjsModule, bytes: Uint8Array, opts: PdfOptions): Promise<PdfDocumentProxy> {
  const where = opts.where;
  if (!bytes.length) throw new InputError('the PDF file is empty', where, { code: 'empty-file' });
  if (!isPdfHeader(bytes)) throw new InputError('not a PDF: the file does not start with "%PDF-"', where, { code: 'wrong-file-type' });
  if (!hasEof(bytes)) {
    throw new InputError(`the PDF is truncated: it ends at byte ${bytes.length} without its "%%EOF" end marker (download or export it again)`, where, { code: 'truncated-file' });
  }
  const depth = outlineDepth(bytes, await checkInflatedSizes(bytes, where));
  const task = pdfjs.getDocument({
    // A plain copy: pdf.js may transfer (detach) the buffer it is given, and refuses Node Buffers.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    ...opts.documentOptions,
    // Images are never read (text and drawn lines are): an image larger than one pixel is left out of
    // the operator list instead of being inflated, decoded and copied to this thread. One-pixel image
    // masks stay (pdf.js turns them into solid fills, which some producers use to draw rules).
    // Set after the caller's options: the decompression check skips larger images on this promise.
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  try {
    const doc = await task.promise;
    if (depth > MAX_OUTLINE_DEPTH) deepOutline.set(doc, depth);
    return doc;
  } catch (e) {
    const err = e as { name?: string; message?: string };
    if (err?.name === 'PasswordException' || PASSWORD.test(err?.message ?? '')) {
      throw new InputError('the PDF is encrypted and needs a password: remove the protection (print or export it without a password) and add it again', where, { code: 'encrypted-file' });
    }
    throw new InputError(`the PDF is damaged and cannot be read (${String(err?.message ?? e).slice(0, 120)})`, where, { code: 'damaged-file' });
  }
}

interface PageData {
  n: number;
  box: number[];
  items: Item[];
  tree: PdfStructNode | null;
  /** Lines the page draws and the grids they form (ruled tables), when the page was checked for them. */
  ruling?: Ruling;
  /** The fonts of its text content (tagged pages read without weights): loadBold need not fetch it again. */
  fontUse?: FontUse;
  /** Characters left out as undecodable (see UNDECODABLE), and whether they are a good part of the page's text. */
  undecodable?: number;
  garbled?: boolean;
}

/**
 * Characters that are not text: C0 controls (but tab and line breaks) and U+FFFD. pdf.js hands
 * them over for glyphs of a font with no Unicode map (no ToUnicode, a custom encoding with glyph
 * names like /g18: the character codes themselves, 0x02, 0x03…). Layout sees them as drawn (they
 * hold places in rows), the Markdown never gets them (stripUndecodable), and a page with nothing
 * else counts as having no text. A page where they are at least MIN_UNDECODABLE characters and 30%
 * of its text gets a note: its text cannot be read without OCR.
 */
const UNDECODABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
const UNDECODABLE_ALL = new RegExp(UNDECODABLE.source, 'g');
const READABLE = /[^\s\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

/** `s` without undecodable characters, and the new offset of each of `at` (for a paragraph's page breaks). */
function strip(s: string, at: number[] = []): { text: string; at: number[] } {
  if (!UNDECODABLE.test(s)) return { text: s, at };
  let text = '';
  const moved = at.map(() => 0);
  for (let i = 0; i < s.length; i++) {
    at.forEach((a, k) => {
      if (a === i) moved[k] = text.length;
    });
    if (!UNDECODABLE.test(s[i])) text += s[i];
  }
  at.forEach((a, k) => {
    if (a >= s.length) moved[k] = text.length;
  });
  return { text, at: moved };
}

/** Blocks without undecodable characters; blocks left with no text go. */
function stripUndecodable(blocks: PBlock[]): PBlock[] {
  const out: PBlock[] = [];
  const t = (x: string) => strip(x).text;
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading':
      case 'list-item': {
        const text = t(b.text);
        if (READABLE.test(text)) out.push({ ...b, text });
        break;
      }
      case 'paragraph': {
        if (!UNDECODABLE.test(b.text)) {
          out.push(b);
          break;
        }
        const r = strip(b.text, (b.breaks ?? []).map((x) => x.at));
        if (!READABLE.test(r.text)) break;
        const { cells: _cells, ...rest } = b;
        out.push({ ...rest, text: r.text, ...(b.breaks ? { breaks: b.breaks.map((x, k) => ({ ...x, at: r.at[k] })) } : {}) });
        break;
      }
      case 'table':
        out.push({ ...b, header: b.header.map(t), rows: b.rows.map((r) => r.map(t)) });
        break;
      case 'lines':
      case 'code': {
        const lines = b.lines.map(t);
        if (lines.some((l) => READABLE.test(l))) out.push({ ...b, lines });
        break;
      }
    }
  }
  return out;
}
const MIN_UNDECODABLE = 20;

/**
 * The page's own content only: annotations (form fields, stamps, links) are not drawn into the
 * operator list (pdf.js's AnnotationMode.DISABLE), so their appearance streams are not parsed. The
 * text content never held their text either.
 */
const OPLIST = { annotationMode: 0 } as const;

const isText = (x: PdfTextContent['items'][number]): x is PdfTextItem => typeof (x as PdfTextItem).str === 'string';

/** A text content's fonts: all of them, and those that show visible text. */
interface FontUse {
  styles: string[];
  shown: Set<string>;
}
function fontUseOf(tc: PdfTextContent): FontUse {
  const shown = new Set<string>();
  for (const i of tc.items) if (isText(i) && /\S/.test(i.str)) shown.add(i.fontName);
  return { styles: Object.keys(tc.styles), shown };
}

/** Bold or not for each font of the page not seen before (from its real name, after the operator list). */
async function learnFonts(page: PdfPageProxy, use: FontUse, fontBold: Map<string, boolean>): Promise<boolean> {
  const fresh = use.styles.filter((f) => !fontBold.has(f));
  if (!fresh.length || !fresh.some((f) => use.shown.has(f))) return false;
  await page.getOperatorList(OPLIST).catch(() => null);
  for (const f of fresh) {
    let name = '';
    try {
      if (page.commonObjs.has(f)) name = String((page.commonObjs.get(f) as { name?: string })?.name ?? '');
    } catch {
      name = '';
    }
    fontBold.set(f, isBoldFontName(name));
  }
  return true;
}

/**
 * Font weights for pages first read without them (tagged PDFs whose pages need layout or font
 * analysis), and the ruled-table grids of those among them read by their layout (`layout`).
 */
async function loadBold(doc: PdfDocumentProxy, pages: PageData[], fontBold: Map<string, boolean>, codes: OpCodes, layout: Set<PageData>, signal?: AbortSignal): Promise<void> {
  for (const p of pages) {
    signal?.throwIfAborted();
    const needGrids = layout.has(p) && !p.ruling;
    if (!needGrids && p.items.every((i) => fontBold.has(i.font))) continue;
    try {
      const page = await doc.getPage(p.n);
      // The text content readPage already had (the same fonts and text, less the marked-content markers).
      const fetched = await learnFonts(page, p.fontUse ?? fontUseOf(await page.getTextContent()), fontBold);
      if (needGrids) {
        const ruling = await rulingOf(page, p.items, p.n, codes, fetched);
        if (ruling) p.ruling = ruling;
      }
      page.cleanup?.();
    } catch {
      // weights stay unknown (not bold), no ruled tables: the text is already read
    }
    for (const it of p.items) it.bold = fontBold.get(it.font) ?? false;
  }
}

/** Grids of the page's drawn lines; the operator list is only fetched when the text looks like a table (or is already fetched). */
async function rulingOf(page: PdfPageProxy, items: Item[], n: number, codes: OpCodes, fetched: boolean, turn?: Matrix): Promise<Ruling | undefined> {
  if (!fetched && !tableLike(items, n)) return undefined;
  const ops = (await page.getOperatorList(OPLIST).catch(() => null)) as OperatorList | null;
  if (!ops?.fnArray || !ops.argsArray) return undefined;
  const segs = segmentsOf(ops, codes, turn);
  // Worth keeping: a grid, or three horizontal rules (a table ruled across only).
  return segs && (segs.h.length >= 3 || segs.v.length >= 2) ? { segs, grids: gridsOf(segs) } : undefined;
}

/** pdf.js 5's code for the show-text operator, when the module does not export its OPS table. */
const SHOW_TEXT = 44;

/**
 * The strings of the page's text items with right-to-left words rebuilt from their glyphs, or null
 * when the page has no right-to-left item or no glyph standing for several of its characters. Costs
 * the page's operator list, fetched only for pages with right-to-left text.
 */
async function rtlStrings(page: PdfPageProxy, tc: PdfTextContent, showText: number): Promise<(string | undefined)[] | null> {
  if (!tc.items.some((it) => isText(it) && it.dir === 'rtl')) return null;
  const ops = (await page.getOperatorList(OPLIST).catch(() => null)) as GlyphOps | null;
  if (!ops?.fnArray || !ops.argsArray) return null;
  const stream = glyphStreamOf(ops, showText);
  if (!stream) return null;
  const texts = tc.items.filter(isText);
  const fixed = fixGlyphOrder(texts, stream);
  const byItem = new Map(texts.map((t, i) => [t, fixed[i]]));
  return tc.items.map((it) => (isText(it) ? byItem.get(it) : undefined));
}

async function readPage(doc: PdfDocumentProxy, n: number, tagged: boolean, fontBold: Map<string, boolean> | null, codes: OpCodes & { showText: number }, where?: string): Promise<PageData> {
  let page: PdfPageProxy;
  let tc: PdfTextContent;
  let tree: PdfStructNode | null = null;
  try {
    page = await doc.getPage(n);
    // disableNormalization: compatibility forms are normalised after pdf.js's bidi step (geometry.ts normalizeForms).
    tc = await page.getTextContent({ includeMarkedContent: tagged, disableNormalization: true });
    if (tagged) tree = await page.getStructTree().catch(() => null);
  } catch (e) {
    throw new InputError(`page ${n} of the PDF is damaged and cannot be read (${String((e as Error)?.message ?? e).slice(0, 120)})`, where, { code: 'damaged-file' });
  }
  // Bold comes from the font's real name, which pdf.js only hands over once the page's fonts are
  // loaded (its operator list); do it for pages that bring fonts not seen before.
  // A tagged PDF's pages are read without it first (null): only the pages that turn out to need
  // font cues pay for the operator list (loadBold).
  const fetched = fontBold ? await learnFonts(page, fontUseOf(tc), fontBold) : false;
  // Right-to-left words drawn with ligature glyphs, which pdf.js reverses letter by letter (glyph-order.ts).
  const strs = await rtlStrings(page, tc, codes.showText);
  // Sideways or upside-down text (a landscape table on a page turned by /Rotate): read in the frame
  // where it runs left to right, its drawn lines with it (rotation.ts).
  const deg = dominantTurn(tc.items.filter(isText));
  const turned = deg ? turnOf(deg, page.view) : null;
  let items: Item[] = [];
  const mcStack: (string | null)[] = [];
  let shown = 0;
  let undecodable = 0;
  let inArtifact = 0;
  for (const [at, it] of tc.items.entries()) {
    if (!isText(it)) {
      // Text inside an Artifact sequence (running lines, page numbers) is marked as such (tagged.ts).
      if (it.type === 'endMarkedContent') {
        if (mcStack.pop() === ARTIFACT_MC) inArtifact--;
      } else {
        const id = it.tag === 'Artifact' ? ARTIFACT_MC : (it.id ?? null);
        if (id === ARTIFACT_MC) inArtifact++;
        mcStack.push(id);
      }
      continue;
    }
    let mc: string | undefined = inArtifact ? ARTIFACT_MC : undefined;
    for (let k = mcStack.length - 1; k >= 0 && mc === undefined; k--) if (mcStack[k]) mc = mcStack[k]!;
    const mono = tc.styles[it.fontName]?.fontFamily === 'monospace';
    shown += it.str.length;
    if (UNDECODABLE.test(it.str)) undecodable += it.str.length - it.str.replace(UNDECODABLE_ALL, '').length;
    const fixed = strs?.[at];
    const src = fixed !== undefined && fixed !== it.str ? { ...it, str: fixed } : it;
    const placed = turned && src.transform.length >= 6 ? { ...src, transform: compose(src.transform.slice(0, 6) as Matrix, turned.matrix) } : src;
    const item = toItem(placed, mono, fontBold?.get(it.fontName) ?? false, mc);
    if (item) items.push(item);
  }
  // Vertical CJK columns laid on their side, rightmost first (vertical.ts).
  // (Reassigned, not spliced in: a spread of a page's items overflows the stack past some 120,000.)
  if (items.some((i) => i.ttb)) items = uprightVertical(items);
  // Ruled tables: for pages read by their layout (untagged), from the lines the page draws.
  const ruling = fontBold ? await rulingOf(page, items, n, codes, fetched, turned?.matrix) : undefined;
  page.cleanup?.();
  const lost = undecodable ? { undecodable, ...(undecodable >= MIN_UNDECODABLE && undecodable >= 0.3 * shown ? { garbled: true } : {}) } : {};
  return { n, box: turned ? turned.box : page.view, items, tree, ...lost, ...(ruling ? { ruling } : {}), ...(fontBold ? {} : { fontUse: fontUseOf(tc) }) };
}

const perPageTrees = (pages: PageData[]) => pages.some((p) => p.tree);

/** Does the first page's structure tree reach any content (a tagged PDF without its MarkInfo)? */
async function hasStructure(doc: PdfDocumentProxy): Promise<boolean> {
  try {
    const tree = await (await doc.getPage(1)).getStructTree();
    const reaches = (n: PdfStructNode | PdfStructLeaf): boolean => ('role' in n ? (n.children ?? []).some(reaches) : n.type === 'content');
    return !!tree && reaches(tree);
  } catch {
    return false;
  }
}

/** Reads a PDF into Markdown and a page map. */
export async function pdfToMarkdown(input: Uint8Array | ArrayBuffer, pdfjsSource: PdfjsSource, opts: PdfOptions = {}): Promise<PdfResult> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const pdfjs = await resolve(pdfjsSource);
  const doc = await open(pdfjs, bytes, opts);
  try {
    const mark = await doc.getMarkInfo().catch(() => null);
    // Tagged: marked as such, or carrying a structure tree that reaches content without the mark (some producers omit it).
    const tagged = !opts.ignoreStructure && (!!mark?.Marked || (await hasStructure(doc)));
    const fontBold = new Map<string, boolean>();
    const codes = { ...opCodesOf(pdfjs.OPS), showText: typeof pdfjs.OPS?.showText === 'number' ? pdfjs.OPS.showText : SHOW_TEXT };
    const pages: PageData[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      pages.push(await readPage(doc, n, tagged, tagged ? null : fontBold, codes, opts.where));
      opts.onProgress?.(n, doc.numPages);
    }
    const visible = (p: PageData) => p.items.some((i) => READABLE.test(i.s));
    const blank = pages.filter((p) => !visible(p)).map((p) => p.n);
    const garbled = pages.filter((p) => p.garbled);
    const undecoded = pages.filter((p) => p.undecodable);
    if (blank.length === pages.length && undecoded.length) {
      const chars = undecoded.reduce((a, p) => a + p.undecodable!, 0);
      throw new InputError(
        `the PDF's text cannot be decoded: its fonts map their characters to no Unicode text (${chars} character${chars === 1 ? '' : 's'} on ${undecoded.length} page${undecoded.length === 1 ? '' : 's'}); run OCR on it first`,
        opts.where,
        { code: 'scanned-pdf' },
      );
    }
    if (blank.length === pages.length) {
      throw new InputError(
        `the PDF has no text layer (${pages.length} page${pages.length === 1 ? '' : 's'} of images only): it looks scanned; run OCR on it first`,
        opts.where,
        { code: 'scanned-pdf' },
      );
    }
    const notes: string[] = [];
    const imageOnly = blank.filter((n) => !garbled.some((p) => p.n === n));
    if (imageOnly.length) notes.push(`no text on ${imageOnly.length === 1 ? 'page' : 'pages'} ${imageOnly.join(', ')} (image only or blank)`);
    for (const p of garbled) notes.push(`p. ${p.n}: text in fonts with no Unicode map left out (it cannot be decoded; OCR would read it)`);

    const vocab = new Vocab();
    for (const p of pages) for (const it of p.items) vocab.add(it.s);

    // Tagged pages whose tree reaches most of their text; the others go through layout analysis.
    const perPage = new Map<number, PBlock[]>();
    /** Tagged paragraphs font analysis must leave as they are (captions, TOC entries). */
    const notHeadings = new Set<PBlock>();
    const taggedPages: TaggedPage[] = [];
    const layoutData: PageData[] = [];
    // Running lines a producer left in the tree or in untagged content (found across the tagged pages).
    // Over every page of a tagged file, so that an untagged page among tagged ones loses them too.
    const running = tagged && perPageTrees(pages) ? taggedRunning(pages.filter(visible)) : null;
    let taggedRunningLines = 0;
    for (const p of pages) {
      if (!visible(p)) continue;
      if (p.tree) {
        const t = taggedBlocks(p.tree, p.items, p.n, vocab, running?.items);
        if (t.total > 0 && t.covered / t.total >= 0.5 && t.blocks.length) {
          perPage.set(p.n, t.blocks);
          taggedPages.push(t);
          for (const b of t.notHeadings) notHeadings.add(b);
          taggedRunningLines += running?.lines.get(p.n) ?? 0;
          continue;
        }
      }
      if (running?.items.size) {
        p.items = p.items.filter((it) => !running.items.has(it));
        taggedRunningLines += running.lines.get(p.n) ?? 0;
      }
      layoutData.push(p);
    }
    levelBareHeadings(taggedPages);
    // No heading roles, or one (a title tagged H1 over paragraphs whose headings were set by hand).
    const noHeadingRoles = perPage.size > 0 && [...perPage.values()].reduce((n, bs) => n + bs.filter((b) => b.kind === 'heading').length, 0) <= 1;
    if (tagged) await loadBold(doc, noHeadingRoles ? pages.filter(visible) : layoutData, fontBold, codes, new Set(layoutData), opts.signal);
    const layoutPages: PageRows[] = layoutData.map((p) => {
      const [, y0, , y1] = p.box.length === 4 ? p.box : [0, 0, 612, 792];
      return { page: p.n, top: Math.max(y0, y1), bottom: Math.min(y0, y1), rows: p.ruling ? ruledRows(p.ruling, p.items, p.n, vocab) : rowsOf(p.items, p.n) };
    });
    let headings: PdfResult['headings'] = perPage.size ? 'structure' : 'fonts';
    let runningLines = taggedRunningLines;
    let fontCues = 0;
    const tooDeep = deepOutline.get(doc);
    if (tooDeep) notes.push(`outline ignored: it nests ${tooDeep} levels deep (the limit is ${MAX_OUTLINE_DEPTH})`);
    const outline: OutlineEntry[] = tooDeep ? [] : flattenOutline(await doc.getOutline().catch(() => null));
    // A tagged PDF whose tree has no heading roles (or only its title's): its paragraphs that the
    // outline or font analysis finds to be headings become headings (its lists and tables stay as tagged).
    if (noHeadingRoles) {
      const rows = pages.filter((p) => perPage.has(p.n)).flatMap((p) => readingOrder(rowsOf(p.items, p.n)));
      const outlined = outlineHeadings(rows, outline);
      const found = outlined ?? fontHeadings(rows);
      const level = new Map<string, number>();
      for (const [r, l] of found) {
        const k = compact(rowText(r));
        if (k && !level.has(k)) level.set(k, l);
      }
      let n = 0;
      for (const [pg, bs] of perPage)
        perPage.set(pg, bs.map((b) => {
          const l = b.kind === 'paragraph' && !notHeadings.has(b) ? level.get(compact(b.text)) : undefined;
          if (!l || b.kind !== 'paragraph') return b;
          n++;
          return { kind: 'heading', level: l, text: b.text, page: b.page };
        }));
      if (n) headings = outlined ? 'outline' : 'fonts';
      fontCues += n;
    }
    if (layoutPages.length) {
      // Running lines are a few rows a page. When "removing" them would take most of the text (pages
      // that repeat the same content: a form printed once per record, test sheets, one line a page)
      // what repeats is the content itself: it stays.
      const kept = layoutPages.map((p) => p.rows);
      const rowCount = kept.reduce((a, rows) => a + rows.length, 0);
      const removed = removeRunningLines(layoutPages);
      if (removed > MAX_RUNNING_SHARE * rowCount) layoutPages.forEach((p, k) => (p.rows = kept[k]));
      else runningLines += removed;
      const ordered = layoutPages.map((p) => readingOrder(p.rows));
      const all = ordered.flat().filter((r) => !r.table);
      let headingOf = !perPage.size ? outlineHeadings(all, outline) : null;
      if (headingOf) {
        headings = 'outline';
        headingOf = belowOutline(all, headingOf, fontHeadings(all));
      } else headingOf = fontHeadings(all);
      // Run-in headings ("1.2 Scope." in bold opening a paragraph) unless the outline gave the headings.
      const runIns = headings === 'outline' ? undefined : runInHeadings(all, headingOf);
      fontCues += headingOf.size + (runIns?.size ?? 0);
      // Page by page, so that a tagged page between untagged ones keeps its place.
      const docPitch = linePitch(all);
      ordered.forEach((rows, k) => perPage.set(layoutPages[k].page, layoutBlocks(rows, headingOf, vocab, notes, runIns, docPitch)));
    }
    const blocks = joinPages([...perPage.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]), vocab);
    const { markdown, pages: ranges, columns } = renderBlocks(stripUndecodable(blocks));
    const info = (await doc.getMetadata().catch(() => ({ info: undefined }))).info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    // Guessed: no structure tree or outline gave the headings, and fonts gave few (under one a page).
    const guessed = headings === 'fonts' && fontCues < Math.max(1, Math.min(3, pages.length / 4));
    if (guessed) notes.push('structure guessed: no tags or outline and few font cues; check the headings and tables');
    return { markdown, pages: ranges, pageCount: doc.numPages, headings, notes: groupNotes(notes), runningLines, guessed, columns, ...(title ? { title } : {}) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** Notes of the form "p. N: message" said once per message, with their pages ("message (p. 2, 3, 7)"). */
function groupNotes(notes: string[]): string[] {
  const byMsg = new Map<string, number[]>();
  const out: string[] = [];
  for (const n of notes) {
    const m = /^p\. (\d+): (.*)$/.exec(n);
    if (!m) {
      out.push(n);
      continue;
    }
    const list = byMsg.get(m[2]);
    if (list) {
      if (!list.includes(Number(m[1]))) list.push(Number(m[1]));
    } else byMsg.set(m[2], [Number(m[1])]);
  }
  for (const [msg, pages] of byMsg) {
    const shown = pages.length > 12 ? `${pages.slice(0, 12).join(', ')}, …` : pages.join(', ');
    out.push(`${msg} (p. ${shown})`);
  }
  return out;
}

/**
 * Page block lists joined: a paragraph running over a page break becomes one paragraph (with the
 * break in its page map), a table continued on the next page (same columns, its header repeated or
 * absent) one table.
 */
function joinPages(pages: PBlock[][], vocab: Vocab): PBlock[] {
  const out: PBlock[] = [];
  for (const blocks of pages) {
    const first = blocks[0];
    const prev = out[out.length - 1];
    let rest = blocks;
    if (prev && first && prev.page !== first.page) {
      if (prev.kind === 'paragraph' && first.kind === 'paragraph' && continues(prev.text, first.text)) {
        mergeParagraph(prev, first.text, first.page, vocab);
        rest = blocks.slice(1);
      } else if (prev.kind === 'table' && first.kind === 'table' && first.header.length === prev.header.length) {
        const same = first.header.every((c, i) => c === prev.header[i]);
        if (same || first.headerCells === false) {
          (prev.breaks ??= []).push({ row: prev.rows.length, page: first.page }, ...(first.breaks ?? []).map((b) => ({ row: prev.rows.length + (same ? 0 : 1) + b.row, page: b.page })));
          prev.rows.push(...(same ? [] : [first.header]), ...first.rows);
          rest = blocks.slice(1);
        }
      }
    }
    out.push(...rest);
  }
  return out;
}

/** The meta key parsePdf hands a PDF's column cuts over in (see render.ts ColumnCuts). */
export const COLUMN_CUTS_META = 'columnCuts';

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
  if (r.notes.length) meta.notes = r.notes.join('; ');
  // Taken out of meta by the documents reader (it goes to the import preview, not into the corpus).
  if (r.columns.length) meta[COLUMN_CUTS_META] = JSON.stringify(r.columns);
  // The title: the first level-1 heading, else the file's name, and only then the PDF's metadata
  // title, which is often a tool's placeholder ("Manual", "Microsoft Word - doc1.docx").
  if (r.title) meta.pdfTitle = r.title;
  if (input.name) meta.fileName = input.name;
  const fromName = input.name?.replace(/\.[^./\\]+$/, '').trim();
  if (!/^# \S/m.test(r.markdown) && (fromName || r.title)) meta.title = fromName || r.title!;
  return parseDocument({ id: input.id, text: r.markdown, format: 'markdown', name: input.name, meta: { ...meta, ...input.meta } });
}
