// The learned running-line decision (issue 30): its TypeScript evaluation against scikit-learn's own
// probabilities on the committed sample of the corpus (sklearn's trees against the JSON walked here),
// the candidates' features the reader computes against the ones the training saw, and the rows it
// removes from the sample PDFs against their labels (the labeller, bench/pdf-corpus/align.ts, reads
// the generator's source text; the model never sees it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowText } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { bodyStyle } from '../../../src/engine/documents/pdf/lines/style.ts';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { headingProbability, type HeadingModel } from '../../../src/engine/documents/pdf/roles/model.ts';
import { checkRunningModel, RUNNING_FEATURES, RUNNING_MODEL, runningDecision, runningFeatures } from '../../../src/engine/documents/pdf/roles/running.ts';
import { runningLabels, type Labels } from '../../../bench/pdf-corpus/align.ts';
import { linePages as linePagesOf } from '../../../bench/pdf-corpus/running.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'pdf-corpus');
const readJsonl = (p: string) => readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const sample = readJsonl(join(DIR, 'sample-running.jsonl')) as { doc: string; role: string; f: number[]; p: number }[];
const docs = readdirSync(DIR).filter((f) => f.endsWith('.pdf') && existsSync(join(DIR, f.replace(/\.pdf$/, '.running.jsonl')))).map((f) => f.replace(/\.pdf$/, ''));

const linePages = (name: string) => linePagesOf(readFileSync(join(DIR, `${name}.pdf`)));

describe('the running-line model', () => {
  it('is trained on the features the reader computes, and refuses a model that is not', () => {
    expect(checkRunningModel(RUNNING_MODEL).features).toEqual([...RUNNING_FEATURES]);
    expect(RUNNING_MODEL.kind === 'gbt' && RUNNING_MODEL.trees.length).toBeGreaterThan(10);
    const wrong = { ...RUNNING_MODEL, features: [...RUNNING_MODEL.features].reverse() } as HeadingModel;
    expect(() => checkRunningModel(wrong)).toThrow(/retrain/);
  });

  it("gives scikit-learn's probabilities on the committed sample, and the same decisions", () => {
    expect(sample.length).toBeGreaterThan(50);
    expect(sample.some((s) => s.role === 'running')).toBe(true);
    expect(sample.some((s) => s.role === 'content')).toBe(true);
    for (const s of sample) {
      const p = headingProbability(RUNNING_MODEL, s.f);
      // Leaf values and thresholds are stored with 6 decimals: probabilities agree to about 1e-5.
      expect(Math.abs(p - s.p)).toBeLessThan(1e-4);
      expect(p >= RUNNING_MODEL.threshold).toBe(s.p >= RUNNING_MODEL.threshold);
    }
  });

  it('sees the features the training saw, candidate for candidate, on the sample PDFs', async () => {
    expect(docs.length).toBeGreaterThanOrEqual(2);
    for (const name of docs) {
      const dumped = readJsonl(join(DIR, `${name}.running.jsonl`)) as { text: string; f: number[] }[];
      const { pages, hand } = await linePages(name);
      const { rows, features } = runningFeatures(pages, hand);
      expect(rows.map((r) => rowText(r).trim().slice(0, 80))).toEqual(dumped.map((d) => d.text));
      features.forEach((f, i) => expect(f.map((x) => Math.round(x * 1e4) / 1e4)).toEqual(dumped[i].f));
    }
  });

  it("removes the sample documents' running lines and keeps their text, by their labels", async () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const name of docs) {
      const labels = JSON.parse(readFileSync(join(DIR, `${name}.labels.json`), 'utf8')) as Labels;
      const { pages, hand } = await linePages(name);
      const drop = runningDecision(RUNNING_MODEL)(pages, hand);
      const body = bodyStyle(pages.flatMap((p) => p.rows)).size;
      for (const p of pages) {
        const byHeight = [...p.rows].sort((a, b) => b.y - a.y);
        const lab = runningLabels(byHeight.map((r) => ({ text: rowText(r).trim(), larger: r.frags.some((f) => f.size > body + 0.5) })), labels);
        byHeight.forEach((r, i) => {
          if (lab[i] && drop.has(r)) tp++;
          else if (drop.has(r)) fp++;
          else if (lab[i]) fn++;
        });
      }
    }
    expect(tp).toBeGreaterThan(10);
    expect(tp / (tp + fp)).toBeGreaterThan(0.9);
    expect(tp / (tp + fn)).toBeGreaterThan(0.9);
  });

  it('reads a PDF with the model: the running lines are gone from its Markdown, its body stays', async () => {
    const name = docs.find((d) => d.startsWith('writer')) ?? docs[0];
    const labels = JSON.parse(readFileSync(join(DIR, `${name}.labels.json`), 'utf8')) as Labels;
    const res = await pdfToMarkdown(readFileSync(join(DIR, `${name}.pdf`)), await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true, runningModel: RUNNING_MODEL });
    expect(res.runningLines).toBeGreaterThan(0);
    const lines = res.markdown.split('\n').map((l) => l.trim());
    // "Page 3 of 9" footers: none left.
    expect(lines.filter((l) => /^(?:page|página)\s+\d+\s+(?:of|de)\s+\d+$/i.test(l))).toEqual([]);
    const key = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}]+/gu, '');
    const md = key(res.markdown);
    const body = labels.elements.filter((e) => e.role === 'body');
    expect(body.length).toBeGreaterThan(3);
    expect(body.filter((e) => md.includes(key(e.text).slice(0, 40))).length).toBeGreaterThan(0.9 * body.length);
  });
});

describe('what the running-line decision may take, whatever its model says', () => {
  // A model that says "running" to every candidate: only what the gate lets through can go.
  const yes: HeadingModel = { ...RUNNING_MODEL, kind: 'gbt', init: 10, rate: 0, trees: [], threshold: 0.5 } as HeadingModel;

  const WORDS = 'river harbour quay tide pump valve meter basin canal dock ferry pier sluice weir gauge filter channel reservoir spring well'.split(' ');

  async function book(): Promise<Uint8Array> {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const f = await pdf.embedFont(StandardFonts.Helvetica);
    const b = await pdf.embedFont(StandardFonts.HelveticaBold);
    for (let n = 1; n <= 5; n++) {
      const page = pdf.addPage([595, 842]);
      // Page 1 opens with the report's title in bold where the running head sits on the others.
      page.drawText('Harbour Water Report', { x: 72, y: 800, size: 10, font: n === 1 ? b : f });
      // A content row at the top of the text on each page, different on every page (a column's first line).
      page.drawText(`Opening line ${'abcdefghij'[n]} of section ${'klmnopqrst'[n]} with words of its own`, { x: 72, y: 760, size: 10, font: f });
      // Prose in between, no two lines alike (digits aside, as the place key reads them).
      for (let i = 0; i < 20; i++) page.drawText(`${WORDS[(n * 20 + i) % WORDS.length]} ${WORDS[(n * 7 + i * 3) % WORDS.length]} and the ${WORDS[(n + i * 5) % WORDS.length]} keep this page of the body full.`, { x: 72, y: 730 - i * 14, size: 10, font: f });
      // A content row at the foot of the text, different on every page.
      page.drawText(`Closing remark ${'uvwxyzabcd'[n]} for page ${n} ends here`, { x: 72, y: 430, size: 10, font: f });
      page.drawText(String(n), { x: 290, y: 40, size: 10, font: f });
    }
    return pdf.save();
  }

  it('takes rows that repeat across pages and page numbers, never a row that comes back on no other page', async () => {
    const { pages, hand } = await linePagesOf(await book());
    const drop = runningDecision(yes)(pages, hand);
    const gone = [...drop].map((r) => `${r.page}:${rowText(r).trim()}`);
    for (let n = 2; n <= 5; n++) expect(gone).toContain(`${n}:Harbour Water Report`);
    for (let n = 1; n <= 5; n++) expect(gone).toContain(`${n}:${n}`);
    // The bold title on page 1 is not the running head that repeats its words in regular type.
    expect(gone).not.toContain('1:Harbour Water Report');
    expect(gone.filter((g) => !/Harbour Water Report|^\d+:\d+$/.test(g))).toEqual([]);
  });

  /**
   * Short chapters whose running head carries the chapter's title under a label ("CHAPTER 1. TIDAL
   * PUMPING STATIONS" on the page after the chapter opens, as LaTeX's book class sets it on left pages):
   * no page repeats it, so only the chapter's heading, found inside it, lets it go. A first row that
   * holds a title in a sentence of its own is content.
   */
  async function chapters(): Promise<Uint8Array> {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const f = await pdf.embedFont(StandardFonts.Helvetica);
    const b = await pdf.embedFont(StandardFonts.HelveticaBold);
    const titles = ['Tidal Pumping Stations', 'Harbour Sluice Gates', 'Canal Dredging Works'];
    let line = 0;
    for (let n = 1; n <= 7; n++) {
      const page = pdf.addPage([595, 842]);
      const ch = Math.min(2, Math.floor((n - 1) / 2));
      if (n === 7) page.drawText('Tidal pumping stations were rebuilt after the storm of that winter', { x: 72, y: 800, size: 10, font: f });
      else if (n % 2 === 1) page.drawText(titles[ch], { x: 72, y: 780, size: 18, font: b });
      else page.drawText(`CHAPTER ${ch + 1}. ${titles[ch].toUpperCase()}`, { x: 72, y: 800, size: 10, font: f });
      // Prose, no two lines alike (digits aside).
      for (let i = 0; i < 20; i++, line++) page.drawText(`${WORDS[line % WORDS.length]} ${WORDS[Math.floor(line / WORDS.length) % WORDS.length]} and the ${WORDS[(line * 3 + 1) % WORDS.length]} keep line ${line} of the body full.`, { x: 72, y: 740 - i * 14, size: 10, font: f });
      page.drawText(String(n), { x: 290, y: 40, size: 10, font: f });
    }
    return pdf.save();
  }

  it("takes a running head that carries its chapter's title under a label, not a sentence that holds the title", async () => {
    const { pages, hand } = await linePagesOf(await chapters());
    const gone = [...runningDecision(yes)(pages, hand)].map((r) => `${r.page}:${rowText(r).trim()}`);
    expect(gone).toContain('2:CHAPTER 1. TIDAL PUMPING STATIONS');
    expect(gone).toContain('4:CHAPTER 2. HARBOUR SLUICE GATES');
    expect(gone).toContain('6:CHAPTER 3. CANAL DREDGING WORKS');
    // Nothing else but the page numbers: not the chapters' headings, not the sentence, not the prose.
    expect(gone.filter((g) => !/^\d:CHAPTER \d\. [A-Z ]+$|^(\d):\1$/.test(g))).toEqual([]);
  });

  it('reads with the learned decision by default; null reads with the hand rules', async () => {
    const bytes = await book();
    const learned = await pdfToMarkdown(bytes, await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true });
    const shipped = await pdfToMarkdown(bytes, await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true, runningModel: RUNNING_MODEL });
    const always = await pdfToMarkdown(bytes, await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true, runningModel: yes });
    expect(learned.markdown).toBe(shipped.markdown);
    expect(always.markdown).toContain('Opening line');
    expect(always.markdown).toContain('Closing remark');
    const hand = await pdfToMarkdown(bytes, await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true, runningModel: null });
    expect(hand.runningLines).toBeGreaterThan(0);
  });
});

describe('a chapter label set larger, whose number has no text', () => {
  const row = (text: string, y: number, size: number, page: number) => ({ y, size, page, frags: [{ x0: 300 - 3 * text.length, x1: 300 + 3 * text.length, y, size, text, raw: text, font: 'f', mono: false, bold: false }] });
  const body = 'זהו משפט ארוך של טקסט רגיל בגוף המסמך שחוזר בכל עמוד עם מילים שונות';
  /** Four chapters' first pages: the label ("פרק" and its number) over the chapter's title, then the text. */
  const pages = (label: (k: number) => string) =>
    [1, 2, 3, 4].map((page) => ({
      page,
      top: 842,
      bottom: 0,
      rows: [row(label(page), 720, 20, page), row(`כותרת הפרק ${'אבגד'[page - 1]}`, 680, 24, page), ...[0, 1, 2, 3, 4, 5].map((k) => row(`${body} ${page}${k}`, 620 - 14 * k, 10, page))],
    }));
  const mayRun = (ps: ReturnType<typeof pages>) => {
    const { rows, features } = runningFeatures(ps, new Set());
    const at = RUNNING_FEATURES.indexOf('may_run');
    return rows.map((r, i) => [rowText(r).trim(), features[i][at]] as const).filter(([t]) => t.startsWith('פרק'));
  };
  it('never may run when its digits read as U+FFFF (XeLaTeX Hebrew): it cannot be shown to repeat word for word', () => {
    const got = mayRun(pages(() => 'פרק \uFFFF'));
    expect(got).toHaveLength(4);
    expect(got.every(([, m]) => m === 0)).toBe(true);
  });
  it('may run when the same larger words come back readable on every page (a larger running title)', () => {
    const got = mayRun(pages(() => 'פרק ראשי'));
    expect(got).toHaveLength(4);
    expect(got.every(([, m]) => m === 1)).toBe(true);
  });
});
