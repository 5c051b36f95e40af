// Node: the readers for PDF and Word documents in a dataset folder, loaded only when a folder holds
// one (pdf.js's legacy build is the one meant for Node; its standard font data comes from the package
// so that text widths match the fonts; mammoth's Node build reads the .docx zip).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentReaders } from '../engine/formats/index.ts';
import { loadLegacyPdfjs, nodePdfjsDocumentOptions } from './pdfjs-legacy.ts';
import type { MammothLike } from '../engine/documents/index.ts';

const require = createRequire(import.meta.url);

function standardFonts(): string | undefined {
  try {
    return `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  } catch {
    return undefined;
  }
}

export function nodeDocumentReaders(): DocumentReaders {
  const fonts = standardFonts();
  return {
    // pdf.js parses in this thread (Node has no worker for it): see pdfjs-legacy.ts.
    pdfjs: loadLegacyPdfjs,
    pdfDocumentOptions: { ...nodePdfjsDocumentOptions(), ...(fonts ? { standardFontDataUrl: fonts } : {}) },
    mammoth: async () => ((await import('mammoth')) as unknown as { default?: MammothLike }).default ?? ((await import('mammoth')) as unknown as MammothLike),
  };
}
