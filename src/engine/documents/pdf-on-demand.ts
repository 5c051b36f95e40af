// The PDF reader as the documents layer exports it: loaded on the first call. It is a fifth of the
// engine's code, and a command or worker that reads Markdown and text (the `chunk` command, every
// batch worker) would otherwise load and compile it at start for nothing.
import type { PdfjsSource, PdfOptions } from './pdf/types.ts';
import type { PdfResult } from './pdf/pdf.ts';

/** pdf/pdf.ts's pdfToMarkdown, loaded when first called. */
export async function pdfToMarkdown(input: Uint8Array | ArrayBuffer, pdfjsSource: PdfjsSource, opts: PdfOptions = {}): Promise<PdfResult> {
  return (await import('./pdf/pdf.ts')).pdfToMarkdown(input, pdfjsSource, opts);
}
