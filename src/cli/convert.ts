// `convert <file> [--out <file.md>] [--pages]`: one document (pdf, docx, html, md, txt) to the
// Markdown every chunker reads (docs/CONTRACT.md). Without --out the Markdown goes to stdout. With
// --pages the page map (PDF: which characters came from which page) is written as JSON beside the
// output (<out>.pages.json). One summary line on stderr: pages, headings, tables, running lines
// removed, warnings, and "structure guessed" when the PDF had no tags, no outline and few font cues.
// Scanned PDF pages are read by OCR (--ocr auto|always|never, --ocr-lang; src/node/ocr): the summary
// then says how many pages, the time, and how many words were read with under 60% confidence.
import { readFile, stat } from 'node:fs/promises';
import { InputError } from '../engine/types.ts';
import { docxToMarkdown, htmlToMarkdown, LOW_CONFIDENCE, parseDocument, pdfToMarkdown, type OcrProgress, type OcrSummary, type PageRange } from '../engine/documents/index.ts';
import { checkSize, documentType } from '../engine/formats/index.ts';
import { readFlags } from './args.ts';
import { checkOutPath, writeAtomic } from './common.ts';
import { nodeDocumentReaders } from '../node/document-readers.ts';
import type { NodeOcrOptions } from '../node/ocr/tesseract.ts';

export interface Converted {
  markdown: string;
  pages: PageRange[];
  pageCount?: number;
  runningLines: number;
  notes: string[];
  guessed: boolean;
  /** Pages read by OCR (PDF), with their words and time. */
  ocr?: OcrSummary;
}

/** One file to Markdown (no output written). */
export async function convertFile(path: string, o: { ocr?: NodeOcrOptions } = {}): Promise<Converted> {
  const type = documentType(path);
  if (!type) throw new InputError('not a document ChunkLab reads (.pdf, .docx, .html, .htm, .md, .markdown, .txt)', path);
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    throw new InputError(`cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path);
  }
  if (!info.isFile()) throw new InputError('not a file', path);
  checkSize(info.size, path, {});
  const bytes = new Uint8Array(await readFile(path));
  const readers = nodeDocumentReaders(o.ocr);
  if (type === 'pdf') {
    const r = await pdfToMarkdown(bytes, readers.pdfjs!, { where: path, documentOptions: readers.pdfDocumentOptions, inflate: readers.pdfInflate, ocr: readers.ocr, onOcrProgress: ocrProgress() });
    return { markdown: r.markdown, pages: r.pages, pageCount: r.pageCount, runningLines: r.runningLines, notes: r.notes, guessed: r.guessed, ...(r.ocr ? { ocr: r.ocr } : {}) };
  }
  if (type === 'docx') {
    const r = await docxToMarkdown(bytes, readers.mammoth!, path);
    return { markdown: r.markdown, pages: [], runningLines: 0, notes: r.notes, guessed: false };
  }
  let text = new TextDecoder().decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (type === 'html') {
    // Markdown with the HTML's headings, lists, tables and code (not the extracted plain text).
    return { markdown: htmlToMarkdown(text), pages: [], runningLines: 0, notes: [], guessed: false };
  }
  return { markdown: text, pages: [], runningLines: 0, notes: [], guessed: false };
}

/** "2 pages read by OCR (por+eng) in 41.2 s, 3 words under 60% confidence" */
export function ocrLine(s: OcrSummary): string {
  const n = s.pages.length;
  return `${n} page${n === 1 ? '' : 's'} read by OCR (${s.lang}) in ${(s.ms / 1000).toFixed(1)} s, ${s.lowConfidence} of ${s.words} word${s.words === 1 ? '' : 's'} under ${LOW_CONFIDENCE}% confidence`;
}

/** OCR's progress on stderr when it is a terminal ("ocr  page 2 (1 of 3) 40%"), rewritten in place. */
function ocrProgress(): ((p: OcrProgress) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = '';
  return (p) => {
    const line = p.stage === 'loading' ? 'ocr        loading the models' : `ocr        page ${p.page} (${Math.min(p.done + 1, p.total)} of ${p.total}) ${Math.round(p.fraction * 100)}%`;
    if (line === last) return;
    last = line;
    process.stderr.write(`\r\x1b[K${line}${p.done === p.total ? '\n' : ''}`);
  };
}

/** Headings and tables as the chunkers see them (the Markdown parsed back). */
export function countStructure(markdown: string): { headings: number; tables: number } {
  const doc = parseDocument({ id: 'convert', text: markdown, format: 'markdown' });
  return { headings: doc.blocks.filter((b) => b.kind === 'heading').length, tables: doc.blocks.filter((b) => b.kind === 'table').length };
}

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('convert', argv);
  if (!p) return 0;
  const files = p.args;
  if (files.length !== 1) throw new InputError(files.length ? `give one file, not ${files.length}` : 'give the file to convert (npm run cli -- convert <file> [--out <file.md>] [--pages])', 'convert');
  const out = p.flags.out as string | undefined;
  const pages = p.flags.pages as boolean;
  if (out) checkOutPath(out);
  const r = await convertFile(files[0], { ocr: { mode: p.flags.ocr, lang: p.flags['ocr-lang'] } });
  if (!r.markdown.trim()) throw new InputError('no text was found in the document', files[0]);
  const { headings, tables } = countStructure(r.markdown);
  if (out) {
    await writeAtomic(out, r.markdown);
    if (pages) await writeAtomic(`${out}.pages.json`, `${JSON.stringify(r.pages)}\n`);
  } else process.stdout.write(r.markdown);
  const parts = [
    `${r.pageCount ?? 1} page${(r.pageCount ?? 1) === 1 ? '' : 's'}`,
    `${headings} heading${headings === 1 ? '' : 's'}`,
    `${tables} table${tables === 1 ? '' : 's'}`,
    `${r.runningLines} running line${r.runningLines === 1 ? '' : 's'} removed`,
    `${r.notes.length} warning${r.notes.length === 1 ? '' : 's'}${r.notes.length ? ` (${r.notes.join('; ')})` : ''}`,
  ];
  if (r.guessed) parts.push('structure guessed');
  if (r.ocr) parts.push(ocrLine(r.ocr));
  console.error(`convert    ${parts.join(', ')}`);
  return 0;
}
