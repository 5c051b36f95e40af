// The reader's speed work on its own checks (issue 30 item 6): the decompression limits and the page
// budget may inflate through a synchronous zlib (node:zlib in the CLI) instead of Node's
// DecompressionStream, and streams too short to reach a limit are counted at their bound instead of
// inflated. The verdicts must stay the exact ones: the same refusals, the same object-stream text,
// the same page costs. And pdf.js's base64 of font files (core-js's toBase64 replaced in Node).
import { describe, expect, test } from 'vitest';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { checkInflatedSizes, MAX_INFLATED_STREAM } from '../../../src/engine/documents/pdf/read/streams.ts';
import { PageBudget } from '../../../src/engine/documents/pdf/read/budget.ts';
import { bufferBase64, loadLegacyPdfjs, nodeInflate } from '../../../src/node/pdfjs-legacy.ts';
import { pdfWithContent, textOp } from '../hostile/make-pdf.ts';

describe('nodeInflate', () => {
  const text = new TextEncoder().encode('BT /F1 12 Tf 72 700 Td (inflated) Tj ET\n'.repeat(500));
  test('gives the bytes zlib compressed, whole', () => {
    const out = nodeInflate(deflateSync(text), 1 << 20);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(out as Uint8Array).equals(Buffer.from(text))).toBe(true);
  });
  test("says 'over' past the limit, and not at it", () => {
    expect(nodeInflate(deflateSync(text), text.length - 1)).toBe('over');
    expect((nodeInflate(deflateSync(text), text.length) as Uint8Array).length).toBe(text.length);
  });
  test('gives null for damaged data (cut short, or not zlib), for the slow path to count', () => {
    const z = deflateSync(text);
    expect(nodeInflate(z.subarray(0, z.length >> 1), 1 << 20)).toBeNull();
    expect(nodeInflate(new TextEncoder().encode('not compressed at all'), 1 << 20)).toBeNull();
  });
});

describe('checkInflatedSizes: same verdicts with the fast inflate and the size bound', () => {
  test('a stream compressed once that inflates past the limit is refused both ways, naming it', async () => {
    const bomb = pdfWithContent(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1024 * 1024)), 1);
    for (const inflate of [undefined, nodeInflate]) {
      await expect(checkInflatedSizes(bomb, 'bomb.pdf', inflate), String(!!inflate)).rejects.toThrow(/a compressed stream \(object 4 0\) inflates past 64 MiB/);
    }
  });
  test('twice compressed: refused both ways', async () => {
    const bomb = pdfWithContent(textOp('Hi', ' '.repeat(MAX_INFLATED_STREAM + 1024 * 1024)), 2);
    for (const inflate of [undefined, nodeInflate]) await expect(checkInflatedSizes(bomb, undefined, inflate)).rejects.toThrow(/compressed 2 times\) inflates past 64 MiB/);
  });
  test("object streams' text is the same both ways", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 3; i++) doc.addPage().drawText(`Page ${i + 1} of a file with object streams`, { x: 72, y: 700, size: 12, font });
    const bytes = await doc.save({ useObjectStreams: true });
    const slow = await checkInflatedSizes(bytes);
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.join('')).toContain('/Type /Page');
    expect(await checkInflatedSizes(bytes, undefined, nodeInflate)).toEqual(slow);
  });
  test('page costs of the budget are the same both ways', async () => {
    const bytes = pdfWithContent(textOp('Counted', ' '), 1);
    const objs = await checkInflatedSizes(bytes);
    const a = await PageBudget.of(bytes, objs, 1)!.cost(1);
    const b = await PageBudget.of(bytes, objs, 1, nodeInflate)!.cost(1);
    expect(a).not.toBeNull();
    expect(a!.textRuns).toBe(1);
    expect(b).toEqual(a);
  });
});

describe("pdf.js's base64 in Node", () => {
  // RFC 4648's test vectors, and the URL alphabet.
  const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
  test('bufferBase64 encodes as the proposal says', () => {
    for (const [plain, b64] of vectors) expect(bufferBase64.call(new TextEncoder().encode(plain))).toBe(b64);
    const bytes = new Uint8Array([0xfb, 0xff]);
    expect(bufferBase64.call(bytes)).toBe('+/8=');
    expect(bufferBase64.call(bytes, { alphabet: 'base64url' })).toBe('-_8=');
    expect(bufferBase64.call(bytes, { alphabet: 'base64url', omitPadding: true })).toBe('-_8');
    expect(bufferBase64.call(bytes, { omitPadding: true })).toBe('+/8');
    // A view into a larger buffer encodes only its own bytes.
    expect(bufferBase64.call(new Uint8Array([1, 0x66, 0x6f, 0x6f, 2]).subarray(1, 4))).toBe('Zm9v');
    expect(() => bufferBase64.call(bytes, { alphabet: 'hex' as 'base64' })).toThrow(TypeError);
  });
  test('after pdf.js is loaded, Uint8Array.prototype.toBase64 still encodes the vectors', async () => {
    await loadLegacyPdfjs();
    const toBase64 = (Uint8Array.prototype as unknown as { toBase64: (this: Uint8Array, o?: object) => string }).toBase64;
    for (const [plain, b64] of vectors) expect(toBase64.call(new TextEncoder().encode(plain))).toBe(b64);
    expect(toBase64.call(new Uint8Array([0xfb, 0xff]), { alphabet: 'base64url', omitPadding: true })).toBe('-_8');
  });
});
