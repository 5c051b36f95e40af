// Test material for tune: the built-in samples (Portuguese and English, 16 documents of real prose)
// as one dataset, a score matrix from real BM25 runs, and a scorer that reads a matrix.
import { join } from 'node:path';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDataset, type Dataset, type ExperimentConfig, type QuestionSpec } from '../../../src/engine/evaluation/index.ts';
import { experimentScorer, type TuneCandidate, type TuneScorer } from '../../../src/engine/tune/index.ts';
import { seededRandom } from '../../../src/engine/util/index.ts';
import type { ChunkerId, TextTokenizer } from '../../../src/engine/types.ts';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', 'public', 'samples');

/** Both samples as one dataset (document and question ids prefixed with the language). */
export async function bothSamples(): Promise<Dataset> {
  const parts = await Promise.all(['en', 'pt-BR'].map(async (lang) => ({ lang, ds: await loadDataset(join(SAMPLES, lang)) })));
  const documents = parts.flatMap(({ lang, ds }) => ds.documents.map((d) => ({ ...d, id: `${lang}/${d.id}` })));
  const questions: QuestionSpec[] = parts.flatMap(({ lang, ds }) =>
    ds.questions.map((q) => ({
      ...q,
      id: `${lang}/${q.id}`,
      gold: q.gold.map((g) => ({ ...g, docId: `${lang}/${g.docId}` })),
      notRelevant: q.notRelevant?.map((g) => ({ ...g, docId: `${lang}/${g.docId}` })),
      // The samples' own filters name metadata of their documents; kept as they are.
    })),
  );
  return { name: 'samples', source: 'chunklab-folder', documents, questions, skipped: [] };
}

/** Every candidate's per-question scores on every question (real runs), keyed by label. */
export async function scoreMatrix(dataset: Dataset, candidates: readonly TuneCandidate[], tokenizer?: TextTokenizer): Promise<{ ids: string[]; rows: Map<string, Map<string, number>> }> {
  const scorer = experimentScorer(dataset, { tokenizer: tokenizer ?? (await loadDefaultTokenizer()) }, 'hit@5');
  const ids = dataset.questions.map((q) => q.id);
  const rows = new Map<string, Map<string, number>>();
  for (const c of candidates) rows.set(c.label, await scorer.score(c.config, ids));
  return { ids: [...rows.values()][0] ? ids.filter((id) => [...rows.values()].every((m) => m.has(id))) : [], rows };
}

/** A scorer that reads a matrix: the configuration is found by its chunker and cap. */
export function matrixScorer(rows: ReadonlyMap<string, ReadonlyMap<string, number>>, labelOf: (c: ExperimentConfig) => string): TuneScorer & { calls: number } {
  const s = {
    calls: 0,
    async score(config: ExperimentConfig, ids: readonly string[]) {
      s.calls++;
      const row = rows.get(labelOf(config));
      if (!row) throw new Error(`no row for ${labelOf(config)}`);
      return new Map(ids.filter((id) => row.has(id)).map((id) => [id, row.get(id)!]));
    },
  };
  return s;
}

/**
 * The labels shuffled: for each question, its scores under the configurations are dealt out again in
 * a seeded random order. Every configuration then has the same distribution of scores by construction
 * (the true difference between any two is zero), while each keeps real, noisy per-question outcomes.
 */
export function shuffleLabels(rows: ReadonlyMap<string, ReadonlyMap<string, number>>, ids: readonly string[], seed: number): Map<string, Map<string, number>> {
  const labels = [...rows.keys()];
  const out = new Map(labels.map((l) => [l, new Map<string, number>()]));
  const rand = seededRandom(`shuffle:${seed}`);
  for (const id of ids) {
    const values = labels.map((l) => rows.get(l)!.get(id)!);
    for (let i = values.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [values[i], values[j]] = [values[j], values[i]];
    }
    labels.forEach((l, i) => out.get(l)!.set(id, values[i]));
  }
  return out;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * A planted best: the documents of `dataset`, and one question per chunk of `planted` (chunker, cap):
 * its gold span is that chunk, its text six of the chunk's longer words (seeded). Only the planted
 * configuration cuts every answer whole; the others hold it only where their cuts happen to enclose it.
 */
export async function plantedDataset(dataset: Dataset, planted: { chunker: ChunkerId; maxTokens: number }, seed = 1): Promise<Dataset> {
  const tokenizer = await loadDefaultTokenizer();
  const docs = parseDataset({ ...dataset, questions: [] });
  const rand = seededRandom(`planted:${seed}`);
  const questions: QuestionSpec[] = [];
  for (const doc of docs.values()) {
    const chunks = await chunkDocument(doc, planted.chunker, { maxTokens: planted.maxTokens }, { tokenizer });
    for (const c of chunks) {
      const words = [...new Set(doc.text.slice(c.start, c.end).match(WORD) ?? [])].filter((w) => w.length >= 5);
      if (words.length < 6) continue;
      const picked: string[] = [];
      while (picked.length < 6) {
        const w = words.splice(Math.floor(rand() * words.length), 1)[0];
        picked.push(w);
      }
      questions.push({ id: `${doc.id}#${c.index}`, text: picked.join(' '), gold: [{ docId: doc.id, start: c.start, end: c.end }] });
    }
  }
  return { ...dataset, questions };
}
