// The part of pdf.js (pdfjs-dist) this reader uses, as structural types: the engine never imports
// pdf.js itself. The caller passes the module (the legacy build in Node, the browser worker's own
// build in the page) or a function that loads it, so this folder stays free of Node and DOM specifics.

import type { OcrProgress, OcrReader } from '../ocr/types.ts';

export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: e, f = baseline origin; hypot(c, d) = font size for upright text. */
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL?: boolean;
  /** Direction pdf.js found for the item ('ttb' vertical, 'rtl', 'ltr'). */
  dir?: string;
}

export interface PdfMarkedContent {
  type: 'beginMarkedContent' | 'beginMarkedContentProps' | 'endMarkedContent';
  id?: string | null;
  tag?: string;
}

export interface PdfTextContent {
  items: (PdfTextItem | PdfMarkedContent)[];
  styles: Record<string, { fontFamily?: string } | undefined>;
}

export interface PdfStructLeaf {
  type: string;
  id: string;
}

export interface PdfStructNode {
  role: string;
  children?: (PdfStructNode | PdfStructLeaf)[];
  alt?: string;
}

export interface PdfPageProxy {
  /** [x0, y0, x1, y1] of the page box. */
  view: number[];
  getTextContent(opts?: { includeMarkedContent?: boolean; disableNormalization?: boolean }): Promise<PdfTextContent>;
  getStructTree(): Promise<PdfStructNode | null>;
  /** annotationMode: pdf.js's AnnotationMode (0 = DISABLE: the page's content without its annotations). */
  getOperatorList(opts?: { annotationMode?: number }): Promise<unknown>;
  commonObjs: { has(id: string): boolean; get(id: string): unknown };
  cleanup?(): unknown;
}

export interface PdfOutlineNode {
  title: string;
  dest?: unknown;
  items?: PdfOutlineNode[];
}

export interface PdfDocumentProxy {
  numPages: number;
  getPage(n: number): Promise<PdfPageProxy>;
  getOutline(): Promise<PdfOutlineNode[] | null>;
  getMarkInfo(): Promise<{ Marked?: boolean } | null>;
  getMetadata(): Promise<{ info?: unknown }>;
  destroy(): Promise<unknown>;
}

export interface PdfjsModule {
  getDocument(src: Record<string, unknown>): { promise: Promise<PdfDocumentProxy>; destroy(): Promise<unknown> };
  /** Operator codes of the operator list (read for ruled tables; pdf.js 5's values when absent). */
  OPS?: Record<string, number>;
}

/** The pdf.js module, or a function that loads it (called once per conversion). */
export type PdfjsSource = PdfjsModule | (() => Promise<PdfjsModule>);

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
  /** Reads pages with no text layer (or every page, by its mode) by OCR (documents/ocr); without it a scan is refused. */
  ocr?: OcrReader;
  /** OCR's progress, page by page (model loading first). */
  onOcrProgress?: (p: OcrProgress) => void;
  /**
   * The learned model deciding which lines are headings (roles/model.ts; its JSON is
   * roles/heading-model.json); null: the hand rules alone (roles/rules.ts). Default: see pdf.ts.
   */
  headingModel?: HeadingModel | null;
  /**
   * The learned model deciding which rows at a page's edges are running headers, footers and page
   * numbers (roles/running.ts; its JSON is roles/running-model.json); null: the hand rules alone
   * (lines/layout.ts). Default: the shipped model (see pdf.ts).
   */
  runningModel?: HeadingModel | null;
  /** Sees each layout page's rows before running lines go, and the rows the hand rules would remove (the corpus dump). */
  onLinePages?: (pages: { page: number; top: number; bottom: number; rows: Row[] }[], hand: Set<Row>) => void;
  /** Sees the layout rows the roles stage decides on and its headings (the corpus dump, bench/pdf-corpus). */
  onRoles?: (rows: Row[], headings: Map<Row, number>) => void;
  /**
   * A synchronous zlib inflate the reader may use for its own checks (decompression limits, page
   * budget) in place of the platform's DecompressionStream, which Node runs through JavaScript web
   * streams at several times the cost. The CLI passes node:zlib's (src/node/pdfjs-legacy.ts nodeInflate).
   */
  inflate?: Inflate;
}

/**
 * Inflates one zlib (FlateDecode) stream whole: its bytes, 'over' when they would pass `limit`,
 * or null when the data is damaged (the caller then decodes it the slow way, keeping what comes out).
 */
export type Inflate = (data: Uint8Array, limit: number) => Uint8Array | 'over' | null;

/** A line-role model as trained by bench/pdf-corpus/train.py (gradient-boosted trees or a logistic regression). */
export type HeadingModel =
  | { kind: 'gbt'; init: number; rate: number; trees: HeadingTree[]; threshold: number; features: string[] }
  | { kind: 'logistic'; mean: number[]; scale: number[]; coef: number[]; intercept: number; threshold: number; features: string[] };

/** One regression tree: per node a feature index (-2 at leaves), a threshold (left when <=), children (-1 at leaves), a value. */
export interface HeadingTree {
  f: number[];
  t: number[];
  l: number[];
  r: number[];
  v: number[];
}

// ------------------------------------------------------------------ what the reader builds

/** A run of text on one baseline, without gaps wider than about one em. */
export interface Frag {
  x0: number;
  x1: number;
  /** Baseline, PDF user space (grows upward). */
  y: number;
  size: number;
  text: string;
  /** The text as drawn, whitespace kept (code lines keep their indentation). */
  raw: string;
  font: string;
  mono: boolean;
  bold: boolean;
  /**
   * Left-to-right text that opens in bold and goes on in another weight ("1.2 Scope. The rest…"):
   * how many characters of `text` the bold opening takes. Absent otherwise.
   */
  boldLead?: number;
  /**
   * The pieces of a fragment that holds gaps of half an em or more (each a fragment of its own), so
   * a column gutter narrower than the fragment gap can still cut it (columns.ts). Absent otherwise.
   */
  parts?: Frag[];
  /**
   * Left-to-right text whose letters are not all of one weight: the share of its letters set in
   * bold (0 to 1). Absent when all or none are bold, and for right-to-left text.
   */
  boldShare?: number;
}

/** Fragments sharing a baseline (several when the line has wide gaps: table cells, columns). */
export interface Row {
  y: number;
  size: number;
  frags: Frag[];
  page: number;
  /** A right-to-left line: its fragments read right to left. */
  rtl?: boolean;
  /** First row after a page or column change (reading continues from elsewhere). */
  jump?: boolean;
  /** A ruled table read from the page's lines, standing in the reading order where it was drawn. */
  table?: PBlock & { kind: 'table' };
  /** Paragraphs drawn as full-width rows of that table: its title above, its notes below. */
  around?: { before: string[]; after: string[] };
  /** Where that table's columns stand, in its header's order (tables/stranded.ts). */
  cols?: { x0: number; x1: number }[];
}

export type PBlock =
  | { kind: 'heading'; level: number; text: string; page: number }
  | { kind: 'paragraph'; text: string; page: number; size?: number; breaks?: { at: number; page: number }[]; cells?: string[] }
  | { kind: 'list-item'; text: string; depth: number; marker: string; page: number }
  | {
      kind: 'table';
      header: string[];
      rows: string[][];
      page: number;
      headerCells?: boolean;
      /** A table continued over page breaks: rows from index `row` on come from `page` (for the page map). */
      breaks?: { row: number; page: number }[];
      /** A borderless table's columns on its page, in the header's order (joinPages: the same table on the next page). */
      cols?: { x0: number; x1: number }[];
    }
  | { kind: 'lines'; lines: string[]; page: number }
  | { kind: 'code'; lines: string[]; page: number; /** The fence's language, when known (HTML <pre class="language-…">). */ lang?: string };

/**
 * The meta key parsePdf hands a PDF's column cuts over in (see render.ts ColumnCuts). Here, not in
 * pdf.ts, so the documents folder reader can read it without loading the PDF reader.
 */
export const COLUMN_CUTS_META = 'columnCuts';
