// Hostile PDFs, generated here (tests/engine/hostile/make-pdf.ts and pdf-lib): a content stream
// compressed two and three times that inflates to hundreds of MiB is refused before pdf.js reads
// it, naming the limit; an outline 2,000 levels deep (in plain objects, and inside compressed
// object streams) no longer kills the process with pdf.js's stack trace: it is left out, with a note.
import { describe, expect, test } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFRef } from 'pdf-lib';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { flateStreams, MAX_INFLATED_STREAM, MAX_OUTLINE_DEPTH, outlineDepth, checkInflatedSizes } from '../../../src/engine/documents/pdf/read/streams.ts';
import { loadPdfjs, pdfjsOptions } from '../documents/pdfjs-node.ts';
import { deflateSync } from 'node:zlib';
import { assemblePdf, pdfWithContent, pdfWithDeepOutline, textOp } from './make-pdf.ts';

const read = (bytes: Uint8Array) => pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions);

describe('compressed streams are bounded before inflating', () => {
  test('a stream compressed twice that inflates past the limit is refused, naming it', async () => {
    const padding = ' '.repeat(MAX_INFLATED_STREAM + 1024 * 1024);
    const bomb = pdfWithContent(textOp('Hi', padding), 2);
    expect(bomb.length).toBeLessThan(4096); // a few KB on disk
    await expect(read(bomb)).rejects.toThrow(/object 4 0, compressed 2 times\) inflates past 64 MiB, the limit on decompressed content/);
  });
  test('three times too', async () => {
    const bomb = pdfWithContent(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1)), 3);
    await expect(read(bomb)).rejects.toThrow(/compressed 3 times\) inflates past 64 MiB/);
  });
  test('a stream under the limit, compressed twice, reads as usual', async () => {
    const ok = pdfWithContent(textOp('Hello twice compressed world', ' '.repeat(1024 * 1024)), 2);
    expect((await read(ok)).markdown).toContain('Hello twice compressed world');
  });
  test('a Flate bomb wrapped in ASCIIHex or ASCII85 ([/AHx /Fl /Fl], [/A85 /Fl /Fl]) is refused too', async () => {
    const bomb = deflateSync(deflateSync(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1024 * 1024)), { level: 9 }), { level: 9 });
    for (const [filter, data] of [
      ['/ASCIIHexDecode', asciiHex(bomb)],
      ['/ASCII85Decode', ascii85(bomb)],
    ] as const) {
      const pdf = pdfWithStream(`[${filter} /FlateDecode /FlateDecode]`, data);
      expect(pdf.length, filter).toBeLessThan(8192);
      await expect(checkInflatedSizes(pdf), filter).rejects.toThrow(/compressed 2 times\) inflates past 64 MiB/);
    }
  });
  test('text under ASCIIHex or ASCII85 and Flate is decoded as pdf.js decodes it', async () => {
    const content = textOp('Wrapped and compressed', ' '.repeat(100_000));
    for (const [filter, data] of [
      ['/AHx', asciiHex(deflateSync(content))],
      ['/A85', ascii85(deflateSync(content))],
    ] as const) {
      const pdf = pdfWithStream(`[${filter} /Fl]`, data);
      const found = flateStreams(pdf);
      expect(found.map((f) => [f.object, f.flates, f.filters]), filter).toEqual([['4 0', 1, [filter === '/AHx' ? 'hex' : 'a85', 'flate']]]);
      expect((await read(pdf)).markdown, filter).toContain('Wrapped and compressed');
    }
  });
  test('a Flate after a filter not decoded here (LZW, RunLength) is refused, naming the object and the filter', async () => {
    const bomb = deflateSync(deflateSync(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1024 * 1024)), { level: 9 }), { level: 9 });
    for (const [filter, data, name] of [
      ['[/RunLengthDecode /FlateDecode /FlateDecode]', runLength(bomb), '/RunLengthDecode'],
      ['[/LZWDecode /FlateDecode]', lzwLiterals(bomb), '/LZWDecode'],
      ['[/AHx /RL /Fl]', asciiHex(runLength(bomb)), '/RL'],
    ] as const) {
      const pdf = pdfWithStream(filter, data);
      expect(pdf.length, filter).toBeLessThan(16_384);
      expect(flateStreams(pdf).map((f) => [f.object, f.unchecked]), filter).toEqual([['4 0', name]]);
      const refusal = new RegExp(`object 4 0\\) has FlateDecode after ${name}, so its decompressed size cannot be checked against the limit on decompressed content \\(64 MiB\\)`);
      await expect(checkInflatedSizes(pdf), filter).rejects.toThrow(refusal);
      await expect(read(pdf), filter).rejects.toThrow(refusal);
    }
  });
  test('LZW or RunLength with no Flate after them is left to pdf.js', async () => {
    const pdf = pdfWithStream('[/FlateDecode /RunLengthDecode]', deflateSync(runLength(textOp('Run length text'))));
    expect(flateStreams(pdf).map((f) => [f.flates, f.unchecked])).toEqual([[1, undefined]]);
    expect((await read(pdf)).markdown).toContain('Run length text');
    expect(flateStreams(pdfWithStream('/LZWDecode', lzwLiterals(textOp('x'))))).toEqual([]);
  });
  test('the scan finds each Flate stream with its filter count', async () => {
    const found = flateStreams(pdfWithContent(textOp('x'), 2));
    expect(found.map((f) => [f.object, f.flates, f.image])).toEqual([['4 0', 2, false]]);
    expect(await checkInflatedSizes(pdfWithContent(textOp('x'), 1))).toEqual([]);
  });
});

/** RunLengthDecode's encoding, literal runs only (a length byte n−1, then n bytes; 128 ends the data). */
function runLength(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const run = data.subarray(i, i + 128);
    out.push(run.length - 1, ...run);
  }
  out.push(128);
  return Uint8Array.from(out);
}

/**
 * LZWDecode's encoding with literal codes only (9-bit codes, a Clear-Table code every 250 so the code
 * width stays 9 bits, End-Of-Data at the end): valid LZW that any decoder reads back as `data`.
 */
function lzwLiterals(data: Uint8Array): Uint8Array {
  const codes: number[] = [256];
  data.forEach((b, i) => {
    if (i && i % 250 === 0) codes.push(256);
    codes.push(b);
  });
  codes.push(257);
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc = (acc << 9) | c;
    bits += 9;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/** ASCIIHexDecode's encoding (with line breaks, as real files have), written independently of the reader. */
function asciiHex(b: Uint8Array): Uint8Array {
  const hex = Buffer.from(b).toString('hex').toUpperCase();
  return Buffer.from(hex.replace(/(.{64})/g, '$1\n') + '>', 'latin1');
}

/** ASCII85Decode's encoding (Adobe's: "z" for four zero bytes, a short last group, "~>"). */
function ascii85(b: Uint8Array): Uint8Array {
  let out = '';
  for (let i = 0; i < b.length; i += 4) {
    const n = Math.min(4, b.length - i);
    let v = 0;
    for (let j = 0; j < 4; j++) v = v * 256 + (j < n ? b[i + j] : 0);
    if (n === 4 && v === 0) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(out.replace(/(.{75})/g, '$1\n') + '~>', 'latin1');
}

/** One page whose content stream is `data` with the given /Filter. */
function pdfWithStream(filter: string, data: Uint8Array): Uint8Array {
  return assemblePdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>' },
    { dict: `<< /Filter ${filter} >>`, stream: data },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ]);
}

/** The same deep outline written by pdf-lib, whose default save puts objects in compressed object streams. */
async function pdfLibDeepOutline(depth: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Body text under a deep outline.', { x: 72, y: 700, size: 12, font });
  const ctx = pdf.context;
  const root = ctx.nextRef();
  const refs: PDFRef[] = Array.from({ length: depth }, () => ctx.nextRef());
  refs.forEach((ref, i) => {
    const item = ctx.obj({ Title: PDFString.of(`Level ${i + 1}`), Parent: i ? refs[i - 1] : root, Dest: [page.ref, 'XYZ', 0, 792, 0] });
    if (i + 1 < depth) {
      item.set(PDFName.of('First'), refs[i + 1]);
      item.set(PDFName.of('Last'), refs[i + 1]);
    }
    ctx.assign(ref, item);
  });
  ctx.assign(root, ctx.obj({ Type: 'Outlines', First: refs[0], Last: refs[0], Count: depth }));
  pdf.catalog.set(PDFName.of('Outlines'), root);
  return pdf.save({ useObjectStreams: true });
}

describe('a deep outline', () => {
  test('2,000 levels in plain objects: read, outline left out with a note', async () => {
    const bytes = pdfWithDeepOutline(2000);
    expect(outlineDepth(bytes, [])).toBe(2000);
    const r = await read(bytes);
    expect(r.markdown).toContain('A paragraph of text under a very deep outline.');
    expect(r.notes).toContain(`outline ignored: it nests 2000 levels deep (the limit is ${MAX_OUTLINE_DEPTH})`);
  });
  test('2,000 levels inside compressed object streams: found there too', async () => {
    const bytes = await pdfLibDeepOutline(2000);
    expect(outlineDepth(bytes, [])).toBeLessThan(10); // invisible without the object streams
    expect(outlineDepth(bytes, await checkInflatedSizes(bytes))).toBe(2000);
    const r = await read(bytes);
    expect(r.markdown).toContain('Body text under a deep outline.');
    expect(r.notes.join(' ')).toMatch(/outline ignored: it nests 2000 levels/);
  });
  test('an ordinary outline is still used', async () => {
    const bytes = await pdfLibDeepOutline(3);
    expect(outlineDepth(bytes, await checkInflatedSizes(bytes))).toBe(3);
    expect((await read(bytes)).notes.join(' ')).not.toMatch(/outline ignored/);
  });
});

test('in a drop read file by file (as the page does), the bomb is refused by its code and the rest is read', async () => {
  const { readDocumentsFolder } = await import('../../../src/engine/formats/documents-folder.ts');
  const files: Record<string, string | Uint8Array> = {
    'a.md': '# A\n\nFirst document.\n',
    'bomb.pdf': pdfWithContent(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1)), 2),
    'deep.pdf': pdfWithDeepOutline(2000),
    'z.md': '# Z\n\nLast document.\n',
  };
  const r = await readDocumentsFolder(
    { name: 'drop', kind: 'folder', paths: Object.keys(files), read: (p) => files[p] },
    { keepGoing: true, readers: { pdfjs: loadPdfjs, pdfDocumentOptions: pdfjsOptions.documentOptions } },
  );
  expect(r.files.map((f) => [f.path, f.status, f.problem ?? null])).toEqual([
    ['a.md', 'added', null],
    ['bomb.pdf', 'skipped', 'decompresses-too-large'],
    ['deep.pdf', 'added', null],
    ['z.md', 'added', null],
  ]);
  expect(r.dataset.documents.map((d) => d.id)).toEqual(['a', 'deep', 'z']);
});
