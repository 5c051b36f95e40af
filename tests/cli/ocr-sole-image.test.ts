// The scanned page taken from its decoded image instead of drawn (src/engine/documents/ocr/sole-image.ts),
// on the generated scans with Node's pdf.js and canvas (no Tesseract here): where it is taken, it
// is the very page pdf.js draws, pixel for pixel, at 200 dpi and enlarged from 150 dpi (read at 200).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ocrReader, type Recogniser } from '../../src/engine/documents/ocr/reader.ts';
import { gridGrey, soleImage, type DecodedImage } from '../../src/engine/documents/ocr/sole-image.ts';
import { openForRendering, renderGrey, type RenderablePage } from '../../src/node/ocr/render.ts';

const SCANS = 'tests/fixtures/documents/scans';

describe('a scanned page from its decoded image', () => {
  test('200 dpi scans and a 150 dpi one read at 200: the same grey pixels as drawing the page', async () => {
    for (const [file, n] of [
      ['manual-200.pdf', 1],
      ['mixed.pdf', 2],
      ['two-column.pdf', 1],
      ['manual-150-worse.pdf', 1],
    ] as const) {
      const { doc, OPS } = await openForRendering(new Uint8Array(readFileSync(join(SCANS, file))));
      try {
        const page = (await doc.getPage(n)) as RenderablePage & { objs: { get(id: string): unknown } };
        const sole = soleImage(await page.getOperatorList({ annotationMode: 0 }), OPS);
        expect(sole, file).not.toBeNull();
        // The reader's scale for a scan: its own resolution, at least 200 dpi.
        const scale = Math.max(200, (sole!.width / page.view[2]) * 72) / 72;
        const fast = gridGrey(page.objs.get(sole!.id) as DecodedImage, sole!.matrix, page.view, scale);
        expect(fast, file).not.toBeNull();
        const drawn = await renderGrey(page, scale);
        expect([fast!.width, fast!.height]).toEqual([drawn.width, drawn.height]);
        let differ = 0;
        for (let i = 0; i < drawn.grey.length; i++) if (fast!.grey[i] !== drawn.grey[i]) differ++;
        expect(differ, file).toBe(0);
      } finally {
        await doc.destroy();
      }
    }
  });

  test('the reader draws only the pages it cannot take from their image', async () => {
    const drawn: string[] = [];
    const images: { width: number; mean: number }[] = [];
    const word = { text: 'x', confidence: 90, bbox: { x0: 1, y0: 1, x1: 5, y1: 5 } };
    const recogniser: Recogniser = {
      async recognize(image) {
        // The PGM's header gives the size; the mean grey shows the page is not blank.
        const head = new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/);
        const px = image.subarray(image.length - Number(head[1]) * Number(head[2]));
        images.push({ width: Number(head[1]), mean: px.reduce((a, b) => a + b, 0) / px.length });
        return { data: { blocks: [{ paragraphs: [{ lines: [{ words: [word], bbox: word.bbox, rowheight: 4 }] }] }] as never, rotateRadians: 0 } };
      },
      setParameters: async () => undefined,
      terminate: async () => undefined,
    };
    const reader = (mode: 'auto' | 'always') =>
      ocrReader<RenderablePage>(
        {
          check: () => undefined,
          open: openForRendering,
          render: async (page, scale) => {
            drawn.push(`${page.view.join(' ')} at ${Math.round(scale * 72)} dpi`);
            return await renderGrey(page, scale);
          },
          start: async () => recogniser,
        },
        { mode },
      );
    for (const file of ['manual-200.pdf', 'manual-150-worse.pdf']) await reader('auto').read(new Uint8Array(readFileSync(join(SCANS, file))), [1], {});
    expect(drawn).toEqual([]);
    // mixed.pdf read whole: its text page (no image) is drawn, its scanned page is not.
    await reader('always').read(new Uint8Array(readFileSync(join(SCANS, 'mixed.pdf'))), [1, 2], {});
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatch(/ at 250 dpi$/);
    expect(images.map((i) => i.width)).toEqual([1700, 1700, Math.round(612 * (250 / 72)), 1700]);
    // Rules removed, text left: mostly white, not all white.
    for (const i of images) expect(i.mean).toBeGreaterThan(200), expect(i.mean).toBeLessThan(255);
  });
});
