// The documents layer: parse Markdown, plain text or HTML into a Doc (text + blocks with offsets),
// cut blocks into units (headings, sentences, table rows, code), group blocks into sections, and
// segment sentences. PDF and DOCX readers turn their files into Markdown first (pdf/, docx.ts).
export { formatFromName, sniffFormat, parseDocument, docUnits, sections } from './parse.ts';
export type { ParseInput, Section } from './parse.ts';
export { sentenceSpans } from './sentences.ts';
export { guessLanguage } from './language.ts';
export { bm25Terms, foldTerm, stopwordSet } from './terms.ts';
export type { StopwordSet, Term } from './terms.ts';
export { readFrontMatter } from './markdown.ts';
export { formatPageMap, parsePageMap, pageAt, pagesOf } from './pdf/markdown/page-map.ts';
export type { PageRange } from './pdf/markdown/page-map.ts';
export type { Inflate, PdfjsModule } from './pdf/types.ts';
export { pdfToMarkdown } from './pdf-on-demand.ts';
export type { PdfResult, PdfOptions } from './pdf/pdf.ts';
export { docxToMarkdown, htmlToMarkdown } from './docx.ts';
export type { MammothLike } from './docx.ts';
export { applyStructureEdits, editProblem, markdownLines, markdownOutline, tableOf, cellsOf } from './markdown-edits.ts';
export type { StructureEdit, MdLine, LineKind, EditProblem, EditedMarkdown } from './markdown-edits.ts';
export type { ColumnCuts } from './pdf/markdown/render.ts';
// OCR of scanned pages: what a caller's recogniser hands the PDF reader (ocr/), and the pixel work both adapters share.
export { DEFAULT_OCR_LANG, LOW_CONFIDENCE, OCR_MODES } from './ocr/types.ts';
export type { OcrMode, OcrPage, OcrProgress, OcrReader, OcrSummary } from './ocr/types.ts';
export { fromTesseract, languagesOf, type TesseractBlock } from './ocr/tesseract-result.ts';
export { strokeWidths, turnGrey } from './ocr/stroke.ts';
export { drawGrey, missingLanguage, ocrReader, pgm, recogniserPool, tesseractOptions, type OcrBackend, type OcrPdf, type OcrPdfPage, type Recogniser, type StartedRecogniser } from './ocr/reader.ts';
