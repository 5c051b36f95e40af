// A PDF's title: its first level-1 heading, else its file name; the metadata title (often a tool's
// placeholder such as "Manual") only when there is neither, and kept aside as meta.pdfTitle.
import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parsePdf } from '../../../src/engine/documents/pdf/pdf.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

async function pdf(lines: { text: string; size: number }[], metaTitle?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (metaTitle) doc.setTitle(metaTitle);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  let y = 780;
  for (const l of lines) {
    page.drawText(l.text, { x: 60, y, size: l.size, font: l.size > 12 ? bold : font });
    y -= l.size * 2.2;
  }
  return doc.save();
}

const BODY = Array.from({ length: 8 }, (_, i) => ({ text: `Linha ${i + 1} do corpo do texto com palavras suficientes para um paragrafo.`, size: 10 }));

describe('PDF title', () => {
  test('no heading: the file name wins over the metadata title', async () => {
    const bytes = await pdf(BODY, 'Manual');
    const doc = await parsePdf({ id: 'relatorio-anual-2024', bytes, name: 'relatorio-anual-2024.pdf' }, loadPdfjs, pdfjsOptions);
    expect(doc.text).not.toMatch(/^# /m);
    expect(doc.meta.title).toBe('relatorio-anual-2024');
    expect(doc.meta.pdfTitle).toBe('Manual');
  });

  test('a first heading wins over both', async () => {
    const bytes = await pdf([{ text: 'Politica de Reembolso', size: 24 }, ...BODY, { text: 'Outra Secao', size: 16 }, ...BODY], 'Manual');
    const doc = await parsePdf({ id: 'x', bytes, name: 'x.pdf' }, loadPdfjs, pdfjsOptions);
    const h1 = /^# (.+)$/m.exec(doc.text)?.[1];
    expect(h1).toBeDefined();
    expect(doc.meta.title).toBe(h1);
  });

  test('no heading and no file name: the metadata title', async () => {
    const bytes = await pdf(BODY, 'Manual');
    const doc = await parsePdf({ id: 'doc-7', bytes }, loadPdfjs, pdfjsOptions);
    expect(doc.meta.title).toBe('Manual');
  });
});
