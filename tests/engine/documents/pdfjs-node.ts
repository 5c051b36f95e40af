// pdf.js for the Node tests and the bench: its legacy build (the one meant for Node), loaded on
// demand, with the standard font data from the package so text widths match the fonts, and its CMaps.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadLegacyPdfjs, nodeInflate, nodePdfjsDocumentOptions } from '../../../src/node/pdfjs-legacy.ts';
import type { PdfjsModule } from '../../../src/engine/documents/pdf/types.ts';

const require = createRequire(import.meta.url);

// The same loader as the CLI's (it keeps V8's native Array.prototype.push: see pdfjs-legacy.ts).
export const loadPdfjs = (): Promise<PdfjsModule> => loadLegacyPdfjs();

const dir = dirname(require.resolve('pdfjs-dist/package.json'));
/** What the CLI passes (src/node/document-readers.ts): standard fonts, CMaps (CJK), no glyph outlines. */
export const pdfjsOptions = {
  documentOptions: { ...nodePdfjsDocumentOptions(), standardFontDataUrl: `${join(dir, 'standard_fonts')}/`, cMapUrl: `${join(dir, 'cmaps')}/`, cMapPacked: true },
  inflate: nodeInflate,
};
