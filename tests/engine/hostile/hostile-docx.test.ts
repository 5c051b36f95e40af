// Hostile Word files, generated here: images are never read or inlined (mammoth's default turned
// each into a base64 data URL: 50 references to a 40 MB image took 1.8 GB), and a zip bomb is
// refused before mammoth inflates it, whether its headers say the truth or lie, naming the limit.
import { describe, expect, test } from 'vitest';
import * as docx from 'docx';
import mammoth from 'mammoth';
import { docxToMarkdown } from '../../../src/engine/documents/docx.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import type { MammothLike } from '../../../src/engine/documents/index.ts';
import { MAX_ZIP_ENTRY, MAX_ZIP_TOTAL, checkZipSizes, zipEntries } from '../../../src/engine/documents/zip-limits.ts';
import { makeZip } from './make-zip.ts';

/** A 1×1 PNG followed by `padding` bytes (readers stop at IEND; the size is what matters). */
function png(padding: number): Uint8Array {
  const head = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  return new Uint8Array(Buffer.concat([head, Buffer.alloc(padding, 7)]));
}

test('images are never read or inlined: 50 references to one image, bytes never touched', async () => {
  const image = png(256 * 1024);
  const run = () => new docx.ImageRun({ type: 'png', data: image, transformation: { width: 10, height: 10 } });
  const doc = new docx.Document({
    sections: [{ children: [new docx.Paragraph({ children: [new docx.TextRun('Before the pictures.')] }), ...Array.from({ length: 50 }, () => new docx.Paragraph({ children: [run()] })), new docx.Paragraph('After the pictures.')] }],
  });
  const bytes = new Uint8Array(await docx.Packer.toBuffer(doc));
  let html = '';
  let images = 0;
  const spy: MammothLike = {
    images: mammoth.images as unknown as MammothLike['images'],
    async convertToHtml(input, options) {
      // Count every image mammoth is asked to convert, and whether anything reads its bytes.
      const inner = options?.convertImage as (el: { readAsBase64String(): unknown; read(): unknown }, m: unknown) => unknown;
      const watched = (el: { readAsBase64String(): unknown; read(): unknown }, m: unknown) => {
        images++;
        const guard = Object.create(el, {
          readAsBase64String: { value: () => Promise.reject(new Error('image bytes read')) },
          read: { value: () => Promise.reject(new Error('image bytes read')) },
        });
        return inner(guard, m);
      };
      const r = await (mammoth as unknown as MammothLike).convertToHtml(input, { ...options, convertImage: (mammoth.images as any).imgElement ? watched : inner } as never);
      html = r.value;
      return r;
    },
  };
  const r = await docxToMarkdown(bytes, spy);
  expect(images).toBe(50);
  expect(html).not.toMatch(/data:|base64/);
  expect(html.length).toBeLessThan(10_000);
  expect(r.markdown).toContain('Before the pictures.');
  expect(r.markdown).toContain('After the pictures.');
});

describe('zip bombs are refused before inflating', () => {
  const base = (extra: { name: string; data: Uint8Array; claim?: number }[]) =>
    makeZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'word/document.xml', data: Buffer.from('<w:document/>') }, ...extra]);

  test('an entry that declares more than the limit', async () => {
    const bytes = base([{ name: 'word/document2.xml', data: Buffer.from('x'), claim: 200 * 1024 * 1024 }]);
    await expect(docxToMarkdown(bytes, mammoth as unknown as MammothLike)).rejects.toThrow(/part "word\/document2.xml" declares 200 MiB, more than 128 MiB, the limit on decompressed content/);
  });
  test('an entry that lies about its size is stopped while inflating', async () => {
    const bomb = new Uint8Array(MAX_ZIP_ENTRY + 1024);
    const bytes = base([{ name: 'word/styles.xml', data: bomb, claim: 1000 }]);
    expect(bytes.length).toBeLessThan(MAX_ZIP_ENTRY / 500); // compresses about 1,000 to 1
    expect(zipEntries(bytes).map((e) => [e.name, e.size])).toContainEqual(['word/styles.xml', 1000]);
    await expect(checkZipSizes(bytes)).rejects.toThrow(/part "word\/styles.xml" inflates past 128 MiB \(its header says 0 MiB\)/);
  });
  test('many entries, each under the limit, over the total', async () => {
    const part = new Uint8Array(MAX_ZIP_TOTAL / 3 + 1);
    const bytes = base([1, 2, 3].map((i) => ({ name: `word/part${i}.xml`, data: part, claim: 10 })));
    await expect(checkZipSizes(bytes)).rejects.toThrow(/inflate past 256 MiB in all/);
  });
  test('images (word/media) are not inflated, so they do not count', async () => {
    const bytes = base([{ name: 'word/media/image1.png', data: new Uint8Array(MAX_ZIP_ENTRY + 1), claim: 10 }]);
    await expect(checkZipSizes(bytes)).resolves.toBeUndefined();
  });
});

test('paragraphs "***", "* * *", "___" and "[x]: …" stay text, not a rule or a hidden link definition', async () => {
  const lines = ['Intro paragraph.', '***', '* * *', '___', '[x]: http://example.com "T"', '[nota]: texto importante', 'End.'];
  const doc = new docx.Document({ sections: [{ children: lines.map((l) => new docx.Paragraph({ children: [new docx.TextRun(l)] })) }] });
  const bytes = new Uint8Array(await docx.Packer.toBuffer(doc));
  const { markdown } = await docxToMarkdown(bytes, mammoth as unknown as MammothLike);
  const parsed = parseDocument({ id: 'd', text: markdown, format: 'markdown' });
  expect(parsed.blocks.map((b) => b.kind)).toEqual(lines.map(() => 'paragraph'));
  // Each line is still there, behind at most one escaping backslash.
  const texts = parsed.blocks.map((b) => markdown.slice(b.start, b.end).replace(/^\\/, ''));
  expect(texts).toEqual(lines);
});
