// The learned line-role model (issue 30): its TypeScript evaluation against scikit-learn's own
// probabilities on the committed sample of the corpus (an independent computation: sklearn's trees
// against the JSON walked here), the features the reader computes against the ones the training
// saw, and the decision on sample PDFs against their labels.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { bodyStyle, lineRoles } from '../../../src/engine/documents/pdf/roles/decide.ts';
import { checkModel, HEADING_MODEL, headingProbability, type HeadingModel } from '../../../src/engine/documents/pdf/roles/model.ts';
import { FEATURE_NAMES, lineFeatures } from '../../../src/engine/documents/pdf/roles/features.ts';
import type { Row } from '../../../src/engine/documents/pdf/types.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'pdf-corpus');
const readJsonl = (p: string) => readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const sample = readJsonl(join(DIR, 'sample-lines.jsonl')) as { doc: string; role: string; f: number[]; p: number }[];
const docs = readdirSync(DIR).filter((f) => f.endsWith('.pdf')).map((f) => f.replace(/\.pdf$/, ''));

async function layoutRows(name: string): Promise<{ rows: Row[]; hand: Map<Row, number> }> {
  let rows: Row[] = [];
  let hand = new Map<Row, number>();
  await pdfToMarkdown(readFileSync(join(DIR, `${name}.pdf`)), await loadPdfjs(), {
    ...pdfjsOptions,
    ignoreStructure: true,
    headingModel: null,
    onRoles: (r, h) => {
      rows = r;
      hand = h;
    },
  });
  return { rows, hand };
}

describe('the heading model', () => {
  it('is trained on the features the reader computes, and refuses a model that is not', () => {
    expect(checkModel(HEADING_MODEL).features).toEqual([...FEATURE_NAMES]);
    const wrong = { ...HEADING_MODEL, features: [...HEADING_MODEL.features].reverse() } as HeadingModel;
    expect(() => checkModel(wrong)).toThrow(/retrain/);
  });

  it("gives scikit-learn's probabilities on the committed sample, and the same decisions", () => {
    expect(sample.length).toBeGreaterThan(100);
    expect(sample.some((s) => s.role === 'heading')).toBe(true);
    let agree = 0;
    for (const s of sample) {
      const p = headingProbability(HEADING_MODEL, s.f);
      // Leaf values and thresholds are stored with 6 decimals: probabilities agree to about 1e-5.
      expect(Math.abs(p - s.p)).toBeLessThan(1e-4);
      if (p >= HEADING_MODEL.threshold === s.p >= HEADING_MODEL.threshold) agree++;
    }
    expect(agree).toBe(sample.length);
  });

  it('sees the features the training saw, line for line, on the sample PDFs', async () => {
    expect(docs.length).toBeGreaterThanOrEqual(2);
    for (const name of docs) {
      const dumped = readJsonl(join(DIR, `${name}.lines.jsonl`)) as { text: string; f: number[] }[];
      const { rows } = await layoutRows(name);
      const feats = lineFeatures(rows, bodyStyle(rows), lineRoles(rows));
      expect(feats.length).toBe(dumped.length);
      feats.forEach((f, i) => expect(f.map((x) => Math.round(x * 1e4) / 1e4)).toEqual(dumped[i].f));
    }
  });

  it("finds the sample documents' headings from their labels (and says no to their body lines)", async () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const name of docs) {
      const dumped = readJsonl(join(DIR, `${name}.lines.jsonl`)) as { role: string; f: number[] }[];
      for (const d of dumped) {
        if (d.role === 'unknown') continue;
        const yes = headingProbability(HEADING_MODEL, d.f) >= HEADING_MODEL.threshold;
        if (yes && d.role === 'heading') tp++;
        else if (yes) fp++;
        else if (d.role === 'heading') fn++;
      }
    }
    expect(tp).toBeGreaterThan(10);
    expect(tp / (tp + fp)).toBeGreaterThan(0.8);
    expect(tp / (tp + fn)).toBeGreaterThan(0.8);
  });

  it('reads a sample PDF with the model into Markdown whose headings are the labelled ones', async () => {
    const name = docs[0];
    const labels = JSON.parse(readFileSync(join(DIR, `${name}.labels.json`), 'utf8')) as { elements: { role: string; text: string }[] };
    const res = await pdfToMarkdown(readFileSync(join(DIR, `${name}.pdf`)), await loadPdfjs(), { ...pdfjsOptions, ignoreStructure: true, headingModel: HEADING_MODEL });
    const key = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}]+/gu, '');
    const want = new Set(labels.elements.filter((e) => e.role === 'heading').map((e) => key(e.text)));
    const found = res.markdown.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => key(l.replace(/^#+\s+(?:[\d.]+\s+)?/, '')));
    const hits = found.filter((k) => want.has(k)).length;
    expect(hits / found.length).toBeGreaterThan(0.8);
    expect(hits / want.size).toBeGreaterThan(0.8);
  });
});
