// pdf.js for the Node tests and the bench: its legacy build (the one meant for Node), loaded on
// demand, with the standard font data from the package so text widths match the fonts, and its CMaps.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadLegacyPdfjs } from '../../../src/node/pdfjs-legacy.ts';
import type { PdfjsModule } from '../../../src/engine/documents/pdf/types.ts';

const require = createRequire(import.meta.url);

// The same loader as the CLI's (it keeps V8's native Array.prototype.push: see pdfjs-legacy.ts).
export const loadPdfjs = (): Promise<PdfjsModule> => loadLegacyPdfjs();

export const pdfjsOptions = {
  documentOptions: {
    standardFontDataUrl: `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`,
    // Predefined CJK CMaps (90ms-RKSJ-H, UniKS-UCS2-H, …), as the CLI passes them (src/node/document-readers.ts).
    cMapUrl: `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'cmaps')}/`,
    cMapPacked: true,
  },
};
