// Headings from an outline (bookmarks) that leaves out the numbers the text prints, on a generated
// texinfo-like manual (scripts/pdf-cases-outline.ts): the outline's titles matched to their lines
// with or without section labels and across a line break, numbered subsections below the outline's
// depth kept, function names and bylines set large and bold not taken for headings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { unlabelled } from '../../../src/engine/documents/pdf/roles/patterns.ts';
import { headingScores, markdownHeadings } from '../../../bench/pdf-metrics.ts';
import { CODE_NAMES, codeNamesManual, OUTLINE_MANUAL, outlineManual, tightSubsections } from '../../../scripts/pdf-cases-outline.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

/** Headings with their levels, read from the Markdown independently of the reader's code. */
const levelled = (md: string) =>
  md
    .split('\n')
    .map((l) => /^(#{1,6}) (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ level: m[1].length, title: m[2] }));

describe('outline without section numbers (texinfo-like manual)', () => {
  test('every outline heading at its level, the numbered subsection below it, nothing else', async () => {
    const r = await pdfToMarkdown(await outlineManual(), loadPdfjs, pdfjsOptions);
    expect(r.headings).toBe('outline');
    expect(levelled(r.markdown)).toEqual(OUTLINE_MANUAL.headings);
    const found = new Set(markdownHeadings(r.markdown));
    for (const t of OUTLINE_MANUAL.notHeadings) {
      expect(found.has(t)).toBe(false);
      // Still in the text, as a paragraph.
      expect(r.markdown).toContain(t);
    }
  });
  test('section labels are taken off both sides before comparing', () => {
    expect(unlabelled('2.1 ASN.1 syntax')).toBe('asn1syntax');
    expect(unlabelled('Appendix A Copying Information')).toBe(unlabelled('A Copying Information'));
    expect(unlabelled('IV. Results')).toBe('results');
    expect(unlabelled('Chapter 3: Methods')).toBe('methods');
    // A title that is only words keeps them all.
    expect(unlabelled('Naming')).toBe('naming');
  });
});

describe('markdownHeadings (bench metric)', () => {
  test('a "# comment" line inside fenced code is no heading', () => {
    const md = ['# Title', '', '```', '# a comment in code', '```', '', '## Next', '~~~', '# also code', '```', '# still code', '~~~', '# Last'].join('\n');
    expect(markdownHeadings(md)).toEqual(['Title', 'Next', 'Last']);
  });
});

describe('identifiers and signatures set like headings (no outline)', () => {
  test('the real headings only, each at its level; the code names stay in the text', async () => {
    const r = await pdfToMarkdown(await codeNamesManual(), loadPdfjs, pdfjsOptions);
    expect(r.headings).toBe('fonts');
    const want = CODE_NAMES.lines.filter((l) => l.heading).map((l) => ({ level: l.heading, title: l.text }));
    expect(levelled(r.markdown)).toEqual(want);
    for (const l of CODE_NAMES.lines.filter((x) => x.size && !x.heading)) expect(r.markdown.split('\n')).toContain(l.text);
  });
});

describe('libtasn1.pdf (public: Debian’s texinfo manual, GFDL; see the NOTICE)', () => {
  test('its headings are its 21 bookmarks, none of its function names or its byline', async () => {
    const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/documents/public/libtasn1.pdf')));
    // The reference, read independently: the outline's titles through pdf.js itself.
    const pdfjs = await loadPdfjs();
    const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    const titles: string[] = [];
    const walk = (ns: { title: string; items?: unknown[] }[] | null) => ns?.forEach((n) => (titles.push(n.title), walk(n.items as never)));
    walk(await doc.getOutline());
    await doc.destroy();
    expect(titles).toHaveLength(21);
    const r = await pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions);
    expect(r.headings).toBe('outline');
    const found = markdownHeadings(r.markdown);
    const s = headingScores(found, titles);
    expect(s).toEqual({ tp: 21, found: 21, want: 21 });
    expect(found.some((h) => /^asn1 |Fiorina/.test(h))).toBe(false);
    // Levels: chapters 1, their sections 2 ("## 2.1 ASN.1 syntax").
    expect(r.markdown).toMatch(/^# 2 ASN\.1 structure handling$/m);
    expect(r.markdown).toMatch(/^## 2\.1 ASN\.1 syntax$/m);
    expect(r.markdown).toMatch(/^# Appendix A Copying Information$/m);
  });
});

describe('a numbered subsection at body size and weight, tight above its paragraph', () => {
  test('is a heading; a full numbered line after a gap and a numbered line inside a paragraph are not', async () => {
    const r = await pdfToMarkdown(await tightSubsections(), loadPdfjs, pdfjsOptions);
    const found = markdownHeadings(r.markdown);
    expect(found).toContain('1.1 Calling Compiled Traces');
    expect(found).toContain('1 Introduction');
    expect(found.some((h) => /^2 Large|^3 Times/.test(h))).toBe(false);
    // The subsection sits below the section (a deeper level).
    const lv = levelled(r.markdown);
    expect(lv.find((h) => h.title === '1.1 Calling Compiled Traces')!.level).toBeGreaterThan(lv.find((h) => h.title === '1 Introduction')!.level);
  });
});
