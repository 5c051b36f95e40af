// The scanned page taken from its decoded image instead of drawn (src/engine/documents/ocr/sole-image.ts),
// on the generated scans with Node's pdf.js and canvas (no Tesseract here): where it is taken, it
// is the very page pdf.js draws, pixel for pixel; a 150 dpi scan (read at 200 dpi) is still drawn.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ocrReader, type Recogniser } from '../../src/engine/documents/ocr/reader.ts';
import { gridGrey, soleImage, type DecodedImage } from '../../src/engine/documents/ocr/sole-image.ts';
import { openForRendering, renderGrey, type RenderablePage } from '../../src/node/ocr/render.ts';

const SCANS = 'tests/fixtures/documents/scans';

describe('a scanned page from its decoded image', () => {
  test('200 dpi scans: the same grey pixels as drawing the page; the 150 dpi one is left to drawing', { timeout: 120_000 }, async () => {
    for (const [file, n, taken] of [
      ['manual-200.pdf', 1, true],
      ['mixed.pdf', 2, true],
      ['two-column.pdf', 1, true],
      ['manual-150-worse.pdf', 1, false],
    ] as const) {
      const { doc, OPS } = await openForRendering(new Uint8Array(readFileSync(join(SCANS, file))));
      try {
        const page = (await doc.getPage(n)) as RenderablePage & { objs: { get(id: string): unknown } };
        const sole = soleImage(await page.getOperatorList({ annotationMode: 0 }), OPS);
        expect(sole, file).not.toBeNull();
        // The reader's scale for a scan: its own resolution, at least 200 dpi.
        const scale = Math.max(200, (sole!.width / page.view[2]) * 72) / 72;
        const fast = gridGrey(page.objs.get(sole!.id) as DecodedImage, sole!.matrix, page.view, scale);
        expect(fast !== null, file).toBe(taken);
        if (!fast) continue;
        const drawn = await renderGrey(page, scale);
        expect([fast.width, fast.height]).toEqual([drawn.width, drawn.height]);
        let differ = 0;
        for (let i = 0; i < drawn.grey.length; i++) if (fast.grey[i] !== drawn.grey[i]) differ++;
        expect(differ, file).toBe(0);
      } finally {
        await doc.destroy();
      }
    }
  });

  test('the reader draws only the pages it cannot take from their image', { timeout: 120_000 }, async () => {
    const drawn: string[] = [];
    const images: { file: string; width: number; mean: number }[] = [];
    const word = { text: 'x', confidence: 90, bbox: { x0: 1, y0: 1, x1: 5, y1: 5 } };
    const recogniser: Recogniser = {
      async recognize(image) {
        // The PGM's header gives the size; the mean grey shows the page is not blank.
        const head = new TextDecoder().decode(image.subarray(0, 20)).split(/\s+/);
        const px = image.subarray(image.length - Number(head[1]) * Number(head[2]));
        images.push({ file: '', width: Number(head[1]), mean: px.reduce((a, b) => a + b, 0) / px.length });
        return { data: { blocks: [{ paragraphs: [{ lines: [{ words: [word], bbox: word.bbox, rowheight: 4 }] }] }] as never, rotateRadians: 0 } };
      },
      setParameters: async () => undefined,
      terminate: async () => undefined,
    };
    for (const file of ['manual-200.pdf', 'manual-150-worse.pdf']) {
      const reader = ocrReader<RenderablePage>({
        check: () => undefined,
        open: openForRendering,
        render: async (page, scale) => {
          drawn.push(`${file} at ${Math.round(scale * 72)} dpi`);
          return await renderGrey(page, scale);
        },
        start: async () => recogniser,
      });
      await reader.read(new Uint8Array(readFileSync(join(SCANS, file))), [1], {});
      images.at(-1)!.file = file;
    }
    expect(drawn).toEqual(['manual-150-worse.pdf at 200 dpi']);
    expect(images.map((i) => [i.file, i.width])).toEqual([
      ['manual-200.pdf', 1700],
      ['manual-150-worse.pdf', 1700],
    ]);
    // Rules removed, text left: mostly white, not all white.
    for (const i of images) expect(i.mean).toBeGreaterThan(200), expect(i.mean).toBeLessThan(255);
  });
});
