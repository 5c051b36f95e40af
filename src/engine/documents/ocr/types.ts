// What the PDF reader needs from an OCR engine, as plain data: the engine never imports Tesseract or
// a canvas. The caller (src/node/ocr in the CLI, workers/ocr in the page) draws the pages and runs
// the recogniser; this folder turns its words into the positioned text the reader's layout stages
// already know how to read (lines, paragraphs, headings by size and weight, lists, running lines).

/** auto: OCR the pages with no text layer; always: every page; never: none (a scan is refused). */
export type OcrMode = 'auto' | 'always' | 'never';
export const OCR_MODES: readonly OcrMode[] = ['auto', 'always', 'never'];
/** Tesseract's language codes joined by "+", tried together. */
export const DEFAULT_OCR_LANG = 'por+eng';

/** Words under this confidence (0–100) are kept but counted. */
export const LOW_CONFIDENCE = 60;

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0–100. */
  confidence: number;
  /** Pixels, origin top left, y downward. */
  bbox: OcrBox;
}

export interface OcrLine {
  words: OcrWord[];
  bbox: OcrBox;
  /** The baseline from (x0, y0) to (x1, y1), pixels. */
  baseline?: OcrBox;
  /** Tesseract's row attributes (pixels): height of the row (x-height plus ascenders), ascenders, descenders. */
  rowHeight?: number;
  ascenders?: number;
  descenders?: number;
}

export interface OcrParagraph {
  lines: OcrLine[];
}

/** One page as the recogniser read it. */
export interface OcrPage {
  /** Page number (1-based). */
  page: number;
  /** Size of the image read, pixels. */
  width: number;
  height: number;
  /** The page box in PDF points (x0, y0, x1, y1), which the image covers. */
  view: number[];
  paragraphs: OcrParagraph[];
  /** Radians the page was turned back by before reading (deskew), 0 when upright. */
  angle: number;
  /**
   * Stroke width of each word in pixels (the same order as the words of `paragraphs`, flattened),
   * measured on the image the words were read from; absent when the caller could not measure it.
   */
  strokes?: number[];
  /** Milliseconds drawing and reading the page. */
  ms: number;
}

export interface OcrProgress {
  /** Pages finished, of `total`. */
  done: number;
  total: number;
  /** The page being read and how far along it is (0–1). */
  page: number;
  fraction: number;
  /** 'loading' while the models load (once), then 'reading'. */
  stage: 'loading' | 'reading';
}

/** The caller's OCR: draws and reads the given pages of a PDF. */
export interface OcrReader {
  mode: OcrMode;
  lang: string;
  /** Reads pages (1-based) of the PDF `bytes`, in order. */
  read(bytes: Uint8Array, pages: number[], o: { signal?: AbortSignal; onProgress?: (p: OcrProgress) => void }): Promise<OcrPage[]>;
  /**
   * Starts loading the recogniser now, ahead of read() (the PDF reader calls it before reading the
   * text of a file that may hold scans, so that the models load while the text is read): the next
   * read() takes it. Never asks the user: a reader that asks before loading the models starts nothing
   * here until the user has agreed once. Does nothing when one is already started and not taken.
   */
  warm?(): void;
  /** Lets go the recogniser warm() started if no read() took it (the file held no page to read). */
  release?(): void;
}

/** What OCR did in one conversion (for the summary line and the import preview). */
export interface OcrSummary {
  /** Pages OCR found words on. */
  pages: number[];
  /** Pages given to OCR (some may have held no words: a photo, a blank scan). */
  tried: number[];
  words: number;
  /** Words under LOW_CONFIDENCE. */
  lowConfidence: number;
  ms: number;
  lang: string;
}
