// The lessons' presets (src/app/lessons/presets.ts): every lesson has its text in both languages, its
// grids expand to the runs the lesson talks about, and the numbers it quotes for the built-in samples
// are what the engine computes on them today (BM25, k = 10), lint counts included.
import { describe, expect, test } from 'vitest';
import { LESSONS, contextRatio, lessonGrid, type SampleLang } from '../../../src/app/lessons/presets.ts';
import { pt, en } from '../../../src/app/i18n/areas/lessons.ts';
import { readFileSync } from 'node:fs';
import { loadDataset } from '../../../src/node/files.ts';
import { listedFiles, readChunklabFolder } from '../../../src/engine/formats/index.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { parseDataset, runExperiment } from '../../../src/engine/evaluation/experiment.ts';
import { chunkCorpus } from '../../../src/engine/chunkers/index.ts';
import { lintChunks } from '../../../src/engine/lints/index.ts';
import { CHUNKERS } from '../../../src/engine/chunkers/index.ts';

const SAMPLES = new URL('../../../public/samples/', import.meta.url).pathname;

describe('lesson presets', () => {
  test('every lesson has its title, explanation and button labels in Portuguese and English, all different', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(['size-sweep', 'strategies', 'overlap', 'header', 'context', 'small-to-big', 'tables-code', 'late-vs-naive', 'dilution', 'scope', 'baselines', 'generated-vs-human']);
    for (const l of LESSONS) {
      for (const part of ['title', 'shows', 'lookFor', 'known']) {
        const key = `lessons.${l.id}.${part}` as keyof typeof pt;
        expect(pt[key], key).toBeTruthy();
        expect(en[key], key).toBeTruthy();
        expect(en[key], key).not.toBe(pt[key]);
      }
      for (const a of l.arms) expect(pt[`lessons.arm.${a.arm}` as keyof typeof pt]).toBeTruthy();
    }
  });

  test('grids use known chunkers, valid sizes and overlaps; lessons that need a model ask for dense retrieval', () => {
    for (const l of LESSONS) {
      expect(l.arms.length).toBeGreaterThan(0);
      for (const { grid } of l.arms) {
        for (const c of grid.chunkers) expect(Object.keys(CHUNKERS)).toContain(c);
        for (const s of grid.sizes) for (const o of grid.overlaps) expect(o).toBeLessThan(s);
        expect(grid.retrievers.includes('dense')).toBe(l.needsModel);
      }
      // Lessons that run without a model quote their sample results for both samples, unless the card
      // computes its numbers from its own runs (then it quotes none).
      if (l.computed) expect(l.sample).toBeUndefined();
      else if (!l.needsModel) {
        expect(l.sample?.['pt-BR']?.length).toBeGreaterThan(0);
        expect(l.sample?.en?.length).toBe(l.sample?.['pt-BR']?.length);
      }
    }
    const overlap = LESSONS.find((l) => l.id === 'overlap')!.arms[0].grid;
    // 0, 10% and 25% of the cap.
    expect(overlap.overlaps).toEqual([0, Math.round(0.1 * overlap.sizes[0]), 0.25 * overlap.sizes[0]]);
    const late = LESSONS.find((l) => l.id === 'late-vs-naive')!;
    expect(late.arms.map((a) => [a.arm, !!a.grid.late])).toEqual([
      ['naive', false],
      ['late', true],
    ]);
  });

  test('each sample run is a cell of its lesson grid', () => {
    for (const l of LESSONS) {
      for (const runs of Object.values(l.sample ?? {})) {
        for (const r of runs) {
          const g = l.arms[0].grid;
          expect(g.chunkers, l.id).toContain(r.chunker);
          expect(g.sizes, l.id).toContain(r.maxTokens);
          expect(g.overlaps, l.id).toContain(r.overlap ?? 0);
          expect(g.headers, l.id).toContain(r.header ?? false);
        }
      }
    }
  });

  test('lessonGrid targets a sample or a corpus, carries the label, and never shares arrays with the preset', () => {
    const arm = LESSONS[0].arms[0];
    const a = lessonGrid(arm, { sample: 'en' }, 'Tamanho');
    expect(a.sample).toBe('en');
    expect(a.corpusId).toBeUndefined();
    expect(a.label).toBe('Tamanho');
    expect(a.sizes).toEqual([64, 128, 256, 512]);
    a.sizes.push(1024);
    expect(arm.grid.sizes).toEqual([64, 128, 256, 512]);
    const b = lessonGrid(arm, { corpusId: 'corpus-1' }, 'x');
    expect(b.corpusId).toBe('corpus-1');
    expect(b.sample).toBeUndefined();
  });

  test('small-to-big returns about 3.5× the context tokens of structure on the Portuguese sample', () => {
    const runs = LESSONS.find((l) => l.id === 'small-to-big')!.sample!['pt-BR']!;
    const r = contextRatio(runs, 'small-to-big', 'structure')!;
    expect(r).toBeCloseTo(897 / 255, 6);
    expect(r).toBeGreaterThan(3.4);
    expect(r).toBeLessThan(3.6);
  });
});

describe.each(['pt-BR', 'en'] as SampleLang[])('numbers quoted for the %s sample', (lang) => {
  test('hit@5, ctx3 and lint counts equal what the engine computes', async () => {
    const own = await loadDataset(`${SAMPLES}${lang}`);
    // The context lesson runs on the sample's context questions (questions-context.json).
    const documents = readFileSync(`${SAMPLES}${lang}/documents.json`, 'utf8');
    const files = Object.fromEntries(listedFiles(documents).map((f) => [f, readFileSync(`${SAMPLES}${lang}/${f}`, 'utf8')]));
    const context = readChunklabFolder({ documents, files, questions: readFileSync(`${SAMPLES}${lang}/questions-context.json`, 'utf8') });
    const tokenizer = await loadDefaultTokenizer();
    const docs = parseDataset(own);
    const seen = new Map<string, { hit5: number; ctx3: number }>();
    let checked = 0;
    for (const l of LESSONS) {
      const ds = l.questions === 'context' ? context : own;
      for (const r of l.sample?.[lang] ?? []) {
        const key = JSON.stringify([l.questions ?? '', r.chunker, r.maxTokens, r.overlap ?? 0, r.header ?? false]);
        let m = seen.get(key);
        if (!m) {
          const file = await runExperiment(
            ds,
            { chunker: r.chunker, params: { maxTokens: r.maxTokens, overlap: r.overlap ?? 0 }, header: r.header ?? false, retriever: { kind: 'bm25' }, k: 10 },
            { tokenizer },
          );
          m = { hit5: file.metrics['hit@5'], ctx3: file.metrics.ctx3 };
          seen.set(key, m);
        }
        expect(Math.abs(m.hit5 - r.hit5), `${l.id} ${key} hit@5 ${m.hit5}`).toBeLessThan(0.0005);
        expect(Math.round(m.ctx3), `${l.id} ${key} ctx3`).toBe(r.ctx3);
        if (r.lints) {
          const chunks = await chunkCorpus([...docs.values()], r.chunker, { maxTokens: r.maxTokens, overlap: r.overlap ?? 0 }, { tokenizer });
          const totals: Record<string, number> = {};
          for (const d of docs.values()) {
            const rep = lintChunks(d, chunks.filter((c) => c.docId === d.id), { modelMaxTokens: 512 });
            for (const [f, n] of Object.entries(rep.counts)) totals[f] = (totals[f] ?? 0) + n;
          }
          for (const [f, n] of Object.entries(r.lints)) expect(totals[f], `${l.id} ${r.chunker} ${f}`).toBe(n);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
