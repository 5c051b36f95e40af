// Node: the readers for PDF and Word documents in a dataset folder, loaded only when a folder holds
// one (pdf.js's legacy build is the one meant for Node; its standard font data comes from the package
// so that text widths match the fonts, and so do its CMaps: without them pdf.js cannot decode text set
// in a CJK font with a predefined encoding such as 90ms-RKSJ-H, UniKS-UCS2-H or GBK-EUC-H, nor map
// CIDs of the Adobe-Japan1/Korea1/GB1/CNS1 collections to Unicode; mammoth's Node build reads the
// .docx zip).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentReaders } from '../engine/formats/index.ts';
import { loadLegacyPdfjs } from './pdfjs-legacy.ts';
import type { MammothLike } from '../engine/documents/index.ts';

const require = createRequire(import.meta.url);

function pdfjsFolder(name: string): string | undefined {
  try {
    return `${join(dirname(require.resolve('pdfjs-dist/package.json')), name)}/`;
  } catch {
    return undefined;
  }
}

/** getDocument options for Node: the package's standard font data and packed CMaps, when present. */
export function nodePdfDocumentOptions(): Record<string, unknown> {
  const fonts = pdfjsFolder('standard_fonts');
  const cmaps = pdfjsFolder('cmaps');
  return { ...(fonts ? { standardFontDataUrl: fonts } : {}), ...(cmaps ? { cMapUrl: cmaps, cMapPacked: true } : {}) };
}

export function nodeDocumentReaders(): DocumentReaders {
  return {
    // pdf.js parses in this thread (Node has no worker for it): see pdfjs-legacy.ts.
    pdfjs: loadLegacyPdfjs,
    pdfDocumentOptions: nodePdfDocumentOptions(),
    mammoth: async () => ((await import('mammoth')) as unknown as { default?: MammothLike }).default ?? ((await import('mammoth')) as unknown as MammothLike),
  };
}
