// PDF → Markdown on the generated fixtures (scripts/make-document-fixtures.ts): outline, tables,
// text round trip, page map, running lines, code, and the structure chunker's lints; then the
// files a reader must refuse with a clear message.

import { describe, expect, test } from 'vitest';
import { parsePdf, pdfToMarkdown, parsePageMap, pageAt } from '../../../src/engine/documents/pdf/pdf.ts';
import { errorCode, InputError, type ErrorCode } from '../../../src/engine/types.ts';
import { bytesOf, expectCleanStructureChunks, expectedOf, expectOutline, expectTables, expectTexts } from './document-checks.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const pdfjs = await loadPdfjs();

/** Page of each text, found independently: pdf.js's raw text of each page, whitespace removed. */
async function rawPages(name: string): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: bytesOf(name), verbosity: 0 }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const tc = await (await doc.getPage(n)).getTextContent();
    out.push(
      tc.items
        .map((i) => ('str' in i ? i.str : ''))
        .join('')
        .replace(/[\s-]+/g, ''),
    );
  }
  await doc.destroy();
  return out;
}

describe.each(['manual.pdf', 'tagged.pdf', 'bookmarks.pdf'])('%s', (name) => {
  const e = expectedOf(name);
  const docP = parsePdf({ id: name, bytes: bytesOf(name), name }, loadPdfjs, pdfjsOptions);

  test('every heading found, at its level', async () => expectOutline(await docP, e));
  test('tables with their header row', async () => expectTables(await docP, e));
  test('text round trip: every paragraph and item, in order', async () => expectTexts(await docP, e));

  test('page map: each text lies on the page pdf.js finds it on', async () => {
    const doc = await docP;
    const map = parsePageMap(doc.meta.pages, doc.text.length);
    expect(map.length).toBeGreaterThan(0);
    expect(map[0].start).toBe(0);
    expect(map[map.length - 1].end).toBe(doc.text.length);
    const raw = await rawPages(name);
    for (const t of [...e.texts, ...e.outline.map((o) => o.title)]) {
      const probe = t.slice(0, 40);
      const at = doc.text.indexOf(probe);
      expect(at, probe).toBeGreaterThanOrEqual(0);
      const key = probe.replace(/[\s-]+/g, '');
      const pages = raw.flatMap((p, i) => (p.includes(key) ? [i + 1] : []));
      expect(pages.length, probe).toBeGreaterThan(0);
      expect(pages, probe).toContain(pageAt(map, at));
    }
    for (const s of e.pageStarts ?? []) expect(pageAt(map, doc.text.indexOf(s.words))).toBe(s.page);
  });

  test('code blocks keep their lines', async () => {
    const doc = await docP;
    const code = doc.blocks.filter((b) => b.kind === 'code').map((b) => doc.text.slice(b.start, b.end));
    expect(code.length).toBe(e.code ? 1 : 0);
    if (e.code) expect(code[0].split('\n').slice(1, -1)).toEqual(e.code);
  });

  test('structure chunker: no orphan heading, no header-less table row', async () => expectCleanStructureChunks(await docP));
});

describe('manual.pdf (untagged, laid out with pdf-lib)', () => {
  const e = expectedOf('manual.pdf');
  const resP = pdfToMarkdown(bytesOf('manual.pdf'), loadPdfjs, pdfjsOptions);

  test('headings come from the fonts; hyphenation undone only where the word is split', async () => {
    const r = await resP;
    expect(r.headings).toBe('fonts');
    for (const w of e.joined!) expect(r.markdown).toMatch(new RegExp(`\\b${w}\\b`));
    for (const w of e.kept!) expect(r.markdown).toContain(w);
    expect(r.markdown).not.toMatch(/docu-|exam-/);
  });

  test('running header and page-number footer removed', async () => {
    const r = await resP;
    const lines = r.markdown.split('\n').map((l) => l.trim());
    for (const a of e.absent!) {
      expect(lines).not.toContain(a);
      expect(r.markdown).not.toContain(a === 'ChunkLab Field Guide' ? a : `\n${a}\n`);
    }
  });

  test('two-column page read left column first', async () => {
    const r = await resP;
    const left = r.markdown.indexOf('Recursive splitting tries');
    const right = r.markdown.indexOf('The right column continues');
    expect(left).toBeGreaterThan(0);
    expect(right).toBeGreaterThan(left);
  });

  test('the image-only page is noted, and the page count kept', async () => {
    const r = await resP;
    expect(r.pageCount).toBe(5);
    expect(r.notes.join(' ')).toMatch(/no text on page 5/);
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
  });

  test('lists as Markdown lists, numbers kept', async () => {
    const doc = await parsePdf({ id: 'm', bytes: bytesOf('manual.pdf') }, loadPdfjs, pdfjsOptions);
    const items = doc.blocks.filter((b) => b.kind === 'list-item').map((b) => doc.text.slice(b.start, b.end));
    expect(items.length).toBe(6);
    expect(items[1]).toMatch(/^- Pick the structure chunker .* follows it\.$/);
    expect(items.slice(3)).toEqual(['1. Node 20 or newer.', '2. Two CPU cores.', '3. A recent Chromium for the browser tests.']);
    expect(doc.meta.source).toBe('pdf');
    expect(doc.meta.pageCount).toBe('5');
  });
});

describe('files a reader must refuse', () => {
  const refuse = async (bytes: Uint8Array, re: RegExp, code: ErrorCode) => {
    const err = await pdfToMarkdown(bytes, loadPdfjs, { ...pdfjsOptions, where: 'x.pdf' }).then(
      () => null,
      (x: unknown) => x,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toMatch(/\n/);
    // The refusal carries its code from the source (the page words it; no reading of the English).
    expect(errorCode(err)).toBe(code);
  };
  test('encrypted', () => refuse(bytesOf('encrypted.pdf'), /^x\.pdf: the PDF is encrypted and needs a password/, 'encrypted-file'));
  test('truncated', () => refuse(bytesOf('truncated.pdf'), /truncated: it ends at byte \d+ without its "%%EOF"/, 'truncated-file'));
  test('scanned (no text layer)', () => refuse(bytesOf('scanned.pdf'), /no text layer \(1 page of images only\): it looks scanned/, 'scanned-pdf'));
  test('not a PDF, empty', async () => {
    await refuse(new TextEncoder().encode('# just markdown\n'), /not a PDF/, 'wrong-file-type');
    await refuse(new Uint8Array(0), /empty/, 'empty-file');
  });
  test('damaged body with a valid ending', async () => {
    const bytes = bytesOf('manual.pdf');
    const broken = new Uint8Array(bytes);
    // Overwrite the middle (objects and streams) with garbage; keep the header and the tail.
    for (let i = 200; i < bytes.length - 300; i++) broken[i] = 0x41 + (i % 26);
    const err = await pdfToMarkdown(broken, loadPdfjs, pdfjsOptions).then(
      () => null,
      (x: unknown) => x,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(/damaged|no text layer/);
    expect(errorCode(err)).toBe(/damaged/.test((err as Error).message) ? 'damaged-file' : 'scanned-pdf');
  });
  test('the caller’s buffer is left intact (pdf.js gets a copy)', async () => {
    const bytes = bytesOf('bookmarks.pdf');
    const before = bytes.byteLength;
    await pdfToMarkdown(bytes.buffer as ArrayBuffer, loadPdfjs, pdfjsOptions);
    expect(bytes.byteLength).toBe(before);
  });
});

describe('tagged.pdf read by its layout alone (ignoreStructure)', () => {
  const e = expectedOf('tagged.pdf');
  test('fonts give the same outline; x positions the same table', async () => {
    const doc = await parsePdf({ id: 't', bytes: bytesOf('tagged.pdf') }, loadPdfjs, { ...pdfjsOptions, ignoreStructure: true });
    expect(doc.meta.headingSource).toBe('fonts');
    expectOutline(doc, e);
    expectTables(doc, e);
  });
});
