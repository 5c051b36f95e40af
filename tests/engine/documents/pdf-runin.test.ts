// Run-in headings ("1.2 Scope." in bold opening a body-size paragraph): split off as headings on
// strong evidence only (numbered, bold, ending in "." or ":", followed by text, opening a paragraph);
// never bold words inside a sentence, an unnumbered bold opening or a line that continues a paragraph.
import { expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { lineRoles } from '../../../src/engine/documents/pdf/roles/decide.ts';
import { runInHeadings } from '../../../src/engine/documents/pdf/roles/run-in.ts';
import { rowText } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { markdownOutline } from '../../../src/engine/documents/markdown-edits.ts';
import type { Frag, Row } from '../../../src/engine/documents/pdf/types.ts';
import { RUN_IN, runInHeadings as runInPdf } from '../../../scripts/pdf-cases-extra.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

test('a generated PDF: numbered bold openings become headings at their numbering depth, the paragraph keeps the rest', async () => {
  const r = await pdfToMarkdown(await runInPdf(), loadPdfjs, pdfjsOptions);
  expect(markdownOutline(r.markdown)).toEqual(RUN_IN.outline);
  const paras = r.markdown.split('\n\n').map((p) => p.trim());
  for (const p of RUN_IN.paragraphs) {
    if (p.lead && /^\d/.test(p.lead)) {
      // The heading, then the paragraph starting with the rest of its line.
      const i = paras.indexOf(`${'#'.repeat(RUN_IN.outline.find((o) => p.lead.startsWith(o.title))!.level)} ${p.lead.replace(/[.:]$/, '')}`);
      expect(i, p.lead).toBeGreaterThan(0);
      expect(paras[i + 1]).toBe(p.rest);
    } else {
      // No heading: the bold words stay inside their paragraph, in place.
      const whole = [p.lead, p.rest, p.bold, p.after].filter(Boolean).join(' ');
      expect(paras).toContain(whole);
    }
  }
});

const frag = (text: string, y: number, boldLead?: number, size = 10): Frag => ({ x0: 72, x1: 72 + text.length * 5, y, size, text, raw: text, font: 'f', mono: false, bold: false, ...(boldLead ? { boldLead } : {}) });
const row = (text: string, y: number, lead = '', size = 10): Row => ({ y, size, page: 1, frags: [frag(lead ? `${lead} ${text}` : text, y, lead ? lead.length : undefined, size)] });

test('hand-built rows: only a numbered bold opening of a paragraph qualifies', () => {
  const body = Array.from({ length: 6 }, (_, i) => row('plain body text that sets the body size and weight of this page', 700 - i * 12));
  const rows = [
    ...body,
    row('The rest of the paragraph follows here.', 600, '2.3 Scope.'), // after a far line: yes
    row('continues a sentence that has not ended', 550),
    row('more words here after a line with no stop.', 538, '2.4 Results.'), // continues a paragraph: no
    row('An unnumbered opening is not enough.', 500, 'Note.'), // no number: no
    row('No final stop on the opening here.', 460, '2.5 Scope'), // no "." or ":": no
    row('Only a number in bold here.', 420, '2.6.'), // no title words: no
    row('The rest after a colon.', 380, '3 Method:'), // yes
  ];
  const found = runInHeadings(rows, new Map());
  expect([...found.values()]).toEqual([
    { level: 2, title: '2.3 Scope', rest: 'The rest of the paragraph follows here.' },
    { level: 1, title: '3 Method', rest: 'The rest after a colon.' },
  ]);
  // Levels follow the numbered headings already found: "1 Intro" at level 2 shifts depths by one.
  const intro = row('1 Introduction', 650, '', 14);
  const shifted = runInHeadings([...rows.slice(0, 6), intro, ...rows.slice(6)], new Map([[intro, 2]]));
  expect([...shifted.values()].map((x) => x.level)).toEqual([3, 2]);
  // A bold body (everything bold): no run-in headings at all.
  const allBold = rows.map((r) => ({ ...r, frags: r.frags.map((f) => ({ ...f, bold: true })) }));
  expect(runInHeadings(allBold, new Map()).size).toBe(0);
});

test('a table of contents line (dot leaders, page number) is never a heading, however it is set', () => {
  const body = Array.from({ length: 6 }, (_, i) => row('plain body text that sets the body size and weight of this page', 700 - i * 12));
  const bold = (text: string, y: number): Row => ({ y, size: 10, page: 1, frags: [{ ...frag(text, y), bold: true }] });
  const toc = [bold('1 Introduction . . . . . . . . . . . . 1', 600), bold('2 Methods.......... 4', 560), bold('Preface . . . . . . . . iv', 520)];
  const real = bold('1 Introduction', 480);
  const found = lineRoles([...body, ...toc, real]);
  for (const r of toc) expect(found.has(r), rowText(r)).toBe(false);
  expect(found.has(real)).toBe(true);
});
