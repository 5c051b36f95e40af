// Reading one page: its text items (placed, right-to-left words rebuilt, sideways text turned, vertical
// columns set upright), the weights of its fonts, its structure tree (tagged files), and its drawn
// lines where they may form ruled tables. What the later stages get from pdf.js is read here only.

import { InputError } from '../../../types.ts';
import type { PdfDocumentProxy, PdfPageProxy, PdfStructLeaf, PdfStructNode, PdfTextContent, PdfTextItem } from '../types.ts';
import type { PageBudget } from './budget.ts';
import { segmentsOf, type OpCodes, type OperatorList, type Segments } from './drawn.ts';
import { isBoldFontName } from './fonts.ts';
import { ARTIFACT_MC, toItem, type Item } from './items.ts';
import { fixGlyphOrder, glyphStreamOf, type GlyphOps } from './glyph-order.ts';
import { compose, directions, turnFrom, turnOf, type Matrix } from './rotation.ts';
import { MIN_UNDECODABLE, UNDECODABLE, UNDECODABLE_ALL } from './undecodable.ts';
import { uprightVertical } from './vertical.ts';

export interface PageData {
  n: number;
  box: number[];
  items: Item[];
  tree: PdfStructNode | null;
  /** Lines the page draws (for ruled tables), when the page was checked for them and draws enough. */
  drawn?: Segments;
  /** Why the page was left out unread (past the page budget, budget.ts). */
  skipped?: string;
  /** The fonts of its text content (tagged pages read without weights): loadBold need not fetch it again. */
  fontUse?: FontUse;
  /** Characters left out as undecodable (see UNDECODABLE), and whether they are a good part of the page's text. */
  undecodable?: number;
  garbled?: boolean;
  /** Its items came from OCR (documents/ocr: weights already measured from the pixels). */
  ocr?: boolean;
  /**
   * Characters running sideways or upside down on a page read upright (most of its text runs left to
   * right, so it was not turned), with all its characters: a turned table among upright text reads as
   * scrambled lines (pdf.ts warns).
   */
  sideways?: { chars: number; of: number };
}

/** How the pages of one document are read. */
export interface ReadContext {
  tagged: boolean;
  /** Font weights learned so far; null on a tagged file's first pass (read without them). */
  fontBold: Map<string, boolean> | null;
  codes: OpCodes & { showText: number };
  /** Named in error messages (the file name). */
  where?: string;
  /** Is the page's text worth fetching its drawn lines for (the tables stage's cheap pre-check)? */
  wantsDrawing: (items: Item[], page: number) => boolean;
  /** The page budget; null when the file could not be scanned for it. */
  budget: PageBudget | null;
}

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
export async function loadBold(doc: PdfDocumentProxy, pages: PageData[], ctx: ReadContext & { fontBold: Map<string, boolean> }, layout: Set<PageData>, signal?: AbortSignal): Promise<void> {
  const { fontBold } = ctx;
  for (const p of pages) {
    signal?.throwIfAborted();
    if (p.skipped || p.ocr) continue;
    const needGrids = layout.has(p) && !p.drawn;
    if (!needGrids && p.items.every((i) => fontBold.has(i.font))) continue;
    try {
      const page = await doc.getPage(p.n);
      // The text content readPage already had (the same fonts and text, less the marked-content markers).
      const fetched = await learnFonts(page, p.fontUse ?? fontUseOf(await page.getTextContent()), fontBold);
      if (needGrids) {
        const drawn = await drawnOf(page, p.items, p.n, ctx, fetched);
        if (drawn) p.drawn = drawn;
      }
      page.cleanup?.();
    } catch {
      // weights stay unknown (not bold), no ruled tables: the text is already read
    }
    for (const it of p.items) it.bold = fontBold.get(it.font) ?? false;
  }
}

/** The page's drawn lines; the operator list is only fetched when the text looks like a table (or is already fetched). */
async function drawnOf(page: PdfPageProxy, items: Item[], n: number, ctx: ReadContext, fetched: boolean, turn?: Matrix): Promise<Segments | undefined> {
  if (!fetched && !ctx.wantsDrawing(items, n)) return undefined;
  const ops = (await page.getOperatorList(OPLIST).catch(() => null)) as OperatorList | null;
  if (!ops?.fnArray || !ops.argsArray) return undefined;
  const segs = segmentsOf(ops, ctx.codes, turn);
  // Worth keeping: a grid, or three horizontal rules (a table ruled across only).
  return segs && (segs.h.length >= 3 || segs.v.length >= 2) ? segs : undefined;
}

/** pdf.js 5's code for the show-text operator, when the module does not export its OPS table. */
export const SHOW_TEXT = 44;

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

/**
 * One page read: its text items (right-to-left words rebuilt, sideways text turned, vertical columns
 * set upright), its structure tree (tagged files), its fonts' weights and drawn lines (when `ctx`
 * has font weights: pages read by their layout). A page past the budget is not read (`skipped`).
 */
export async function readPage(doc: PdfDocumentProxy, n: number, ctx: ReadContext): Promise<PageData> {
  const cost = ctx.budget ? await ctx.budget.cost(n).catch(() => null) : null;
  const over = cost ? ctx.budget!.over(cost) : null;
  if (over) return { n, box: [], items: [], tree: null, skipped: over };
  const { fontBold } = ctx;
  let page: PdfPageProxy;
  let tc: PdfTextContent;
  let tree: PdfStructNode | null = null;
  try {
    page = await doc.getPage(n);
    // disableNormalization: compatibility forms are normalised after pdf.js's bidi step (items.ts normalizeForms).
    tc = await page.getTextContent({ includeMarkedContent: ctx.tagged, disableNormalization: true });
    if (ctx.tagged) tree = await page.getStructTree().catch(() => null);
  } catch (e) {
    throw new InputError(`page ${n} of the PDF is damaged and cannot be read (${String((e as Error)?.message ?? e).slice(0, 120)})`, ctx.where, { code: 'damaged-file' });
  }
  // Bold comes from the font's real name, which pdf.js only hands over once the page's fonts are
  // loaded (its operator list); do it for pages that bring fonts not seen before.
  // A tagged PDF's pages are read without it first (null): only the pages that turn out to need
  // font cues pay for the operator list (loadBold).
  const fetched = fontBold ? await learnFonts(page, fontUseOf(tc), fontBold) : false;
  // Right-to-left words drawn with ligature glyphs, which pdf.js reverses letter by letter (glyph-order.ts).
  const strs = await rtlStrings(page, tc, ctx.codes.showText);
  // Sideways or upside-down text (a landscape table on a page turned by /Rotate): read in the frame
  // where it runs left to right, its drawn lines with it (rotation.ts).
  const dirs = directions(tc.items.filter(isText));
  const deg = turnFrom(dirs);
  const sideways = deg ? 0 : dirs.total - dirs.chars[0];
  const turned = deg ? turnOf(deg, page.view) : null;
  const { items, shown, undecodable } = itemsOf(tc, strs, turned?.matrix ?? null, fontBold);
  // Ruled tables: for pages read by their layout (untagged), from the lines the page draws.
  const drawn = fontBold ? await drawnOf(page, items, n, ctx, fetched, turned?.matrix) : undefined;
  page.cleanup?.();
  const lost = undecodable ? { undecodable, ...(undecodable >= MIN_UNDECODABLE && undecodable >= 0.3 * shown ? { garbled: true } : {}) } : {};
  return { n, box: turned ? turned.box : page.view, items, tree, ...lost, ...(drawn ? { drawn } : {}), ...(fontBold ? {} : { fontUse: fontUseOf(tc) }), ...(sideways ? { sideways: { chars: sideways, of: dirs.total } } : {}) };
}

/**
 * The text content's items as Items: each with the marked content it sits in (Artifact sequences
 * marked as such, for tagged/), its string rebuilt where `strs` has one, turned by `turn`.
 */
function itemsOf(tc: PdfTextContent, strs: (string | undefined)[] | null, turn: Matrix | null, fontBold: Map<string, boolean> | null): { items: Item[]; shown: number; undecodable: number } {
  let items: Item[] = [];
  const mcStack: (string | null)[] = [];
  let shown = 0;
  let undecodable = 0;
  let inArtifact = 0;
  for (const [at, it] of tc.items.entries()) {
    if (!isText(it)) {
      // Text inside an Artifact sequence (running lines, page numbers) is marked as such.
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
    const placed = turn && src.transform.length >= 6 ? { ...src, transform: compose(src.transform.slice(0, 6) as Matrix, turn) } : src;
    const item = toItem(placed, mono, fontBold?.get(it.fontName) ?? false, mc);
    if (item) items.push(item);
  }
  // Vertical CJK columns laid on their side, rightmost first (vertical.ts).
  // (Reassigned, not spliced in: a spread of a page's items overflows the stack past some 120,000.)
  if (items.some((i) => i.ttb)) items = uprightVertical(items);
  return { items, shown, undecodable };
}

export const perPageTrees = (pages: PageData[]) => pages.some((p) => p.tree);

/** Does the first page's structure tree reach any content (a tagged PDF without its MarkInfo)? */
export async function hasStructure(doc: PdfDocumentProxy): Promise<boolean> {
  try {
    const tree = await (await doc.getPage(1)).getStructTree();
    const reaches = (n: PdfStructNode | PdfStructLeaf): boolean => ('role' in n ? (n.children ?? []).some(reaches) : n.type === 'content');
    return !!tree && reaches(tree);
  } catch {
    return false;
  }
}
