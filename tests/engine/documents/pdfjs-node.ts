// pdf.js for the Node tests and the bench: its legacy build (the one meant for Node), loaded on
// demand, with the standard font data from the package so text widths match the fonts.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PdfjsModule } from '../../../src/engine/documents/pdf/types.ts';

const require = createRequire(import.meta.url);

export const loadPdfjs = async (): Promise<PdfjsModule> => (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsModule;

export const pdfjsOptions = {
  documentOptions: { standardFontDataUrl: `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/` },
};
