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
