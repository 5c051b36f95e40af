// The lessons: guided presets that reproduce the classic chunking experiments. Pure data (no DOM):
// each lesson names its text keys (src/app/i18n/areas/lessons.ts), the grid(s) it loads into the
// Experiments view, whether it needs an embedding model, and what ChunkLab's built-in samples give
// with BM25 — numbers computed with the engine and checked again by tests/app/lessons/.
import type { ChunkerId, LintFlag } from '../../engine/types.ts';
import type { ExperimentGrid } from '../experiments/grid.ts';
import { DEFAULT_AGREEMENT_CHUNKERS, DEFAULT_AGREEMENT_SIZES } from '../../engine/evaluation/index.ts';

export type LessonId = 'size-sweep' | 'strategies' | 'overlap' | 'header' | 'context' | 'small-to-big' | 'tables-code' | 'late-vs-naive' | 'dilution' | 'scope' | 'baselines' | 'generated-vs-human';

export type SampleLang = 'pt-BR' | 'en';

/** One run on a built-in sample, with BM25 (stop words of the sample's language), k = 10. */
export interface SampleRun {
  chunker: ChunkerId;
  maxTokens: number;
  overlap?: number;
  header?: boolean;
  /** hit@5, rounded to 3 decimals. */
  hit5: number;
  /** Mean tokens of the first 3 returned units, rounded to a whole number. */
  ctx3: number;
  /** Lint counts over every chunk of the corpus (tables-and-code lesson). */
  lints?: Partial<Record<LintFlag, number>>;
}

/** A grid the lesson loads, and the key suffix of its button's label (lessons.arm.<arm>). */
export interface LessonArm {
  arm: 'open' | 'naive' | 'late';
  /** Corpus and question set are chosen when the button is pressed. */
  grid: Omit<ExperimentGrid, 'corpusId' | 'sample' | 'questionSetId'>;
}

export interface Lesson {
  id: LessonId;
  arms: LessonArm[];
  /** Dense retrieval: the lesson needs an embedding model (the Models section). */
  needsModel: boolean;
  /** Lint flags to count and point to in the chunk inspector. */
  inspectorLints?: LintFlag[];
  /**
   * The card computes its numbers from its own saved runs (src/app/lessons/scope-flip.ts) instead of
   * quoting sample results.
   */
  computed?: boolean;
  /**
   * The sample's question set the lesson runs on: 'context' is public/samples/<lang>/questions-context.json
   * (questions that need their section's heading), added to the sample corpus when the lesson opens.
   * Absent: the sample's own questions.
   */
  questions?: 'context';
  /** Results on the built-in samples (BM25); absent where the lesson needs a model or computes its own. */
  sample?: Partial<Record<SampleLang, SampleRun[]>>;
}

/** The grid every lesson starts from: BM25, no overlap, no header, k = 10, one size of 128. */
const base = { chunkers: ['recursive'], sizes: [128], overlaps: [0], headers: [false], retrievers: ['bm25'], k: 10 } satisfies LessonArm['grid'];

export const LESSONS: readonly Lesson[] = [
  {
    id: 'size-sweep',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, sizes: [64, 128, 256, 512] } }],
    sample: {
      'pt-BR': [
        { chunker: 'recursive', maxTokens: 64, hit5: 0.557, ctx3: 115 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.734, ctx3: 279 },
        { chunker: 'recursive', maxTokens: 256, hit5: 0.848, ctx3: 641 },
        { chunker: 'recursive', maxTokens: 512, hit5: 0.924, ctx3: 1315 },
      ],
      en: [
        { chunker: 'recursive', maxTokens: 64, hit5: 0.675, ctx3: 140 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.807, ctx3: 306 },
        { chunker: 'recursive', maxTokens: 256, hit5: 0.988, ctx3: 643 },
        { chunker: 'recursive', maxTokens: 512, hit5: 0.988, ctx3: 1354 },
      ],
    },
  },
  {
    id: 'strategies',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['fixed', 'recursive', 'sentences', 'structure', 'sentence-window', 'small-to-big'] } }],
    sample: {
      'pt-BR': [
        { chunker: 'fixed', maxTokens: 128, hit5: 0.57, ctx3: 380 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.734, ctx3: 279 },
        { chunker: 'sentences', maxTokens: 128, hit5: 0.772, ctx3: 327 },
        { chunker: 'structure', maxTokens: 128, hit5: 0.785, ctx3: 255 },
        { chunker: 'sentence-window', maxTokens: 128, hit5: 0.823, ctx3: 413 },
        { chunker: 'small-to-big', maxTokens: 128, hit5: 0.911, ctx3: 897 },
      ],
      en: [
        { chunker: 'fixed', maxTokens: 128, hit5: 0.795, ctx3: 380 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.807, ctx3: 306 },
        { chunker: 'sentences', maxTokens: 128, hit5: 0.855, ctx3: 348 },
        { chunker: 'structure', maxTokens: 128, hit5: 0.867, ctx3: 280 },
        { chunker: 'sentence-window', maxTokens: 128, hit5: 0.771, ctx3: 289 },
        { chunker: 'small-to-big', maxTokens: 128, hit5: 0.988, ctx3: 666 },
      ],
    },
  },
  {
    id: 'overlap',
    needsModel: false,
    // 0, 10% and 25% of 128 tokens.
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['fixed', 'recursive'], overlaps: [0, 13, 32] } }],
    sample: {
      'pt-BR': [
        { chunker: 'fixed', maxTokens: 128, overlap: 0, hit5: 0.57, ctx3: 380 },
        { chunker: 'fixed', maxTokens: 128, overlap: 13, hit5: 0.62, ctx3: 382 },
        { chunker: 'fixed', maxTokens: 128, overlap: 32, hit5: 0.747, ctx3: 384 },
        { chunker: 'recursive', maxTokens: 128, overlap: 0, hit5: 0.734, ctx3: 279 },
        { chunker: 'recursive', maxTokens: 128, overlap: 13, hit5: 0.734, ctx3: 282 },
        { chunker: 'recursive', maxTokens: 128, overlap: 32, hit5: 0.747, ctx3: 284 },
      ],
      en: [
        { chunker: 'fixed', maxTokens: 128, overlap: 0, hit5: 0.795, ctx3: 380 },
        { chunker: 'fixed', maxTokens: 128, overlap: 13, hit5: 0.831, ctx3: 380 },
        { chunker: 'fixed', maxTokens: 128, overlap: 32, hit5: 0.819, ctx3: 382 },
        { chunker: 'recursive', maxTokens: 128, overlap: 0, hit5: 0.807, ctx3: 306 },
        { chunker: 'recursive', maxTokens: 128, overlap: 13, hit5: 0.831, ctx3: 312 },
        { chunker: 'recursive', maxTokens: 128, overlap: 32, hit5: 0.843, ctx3: 311 },
      ],
    },
  },
  {
    id: 'header',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['recursive', 'structure'], headers: [false, true] } }],
    sample: {
      'pt-BR': [
        { chunker: 'recursive', maxTokens: 128, header: false, hit5: 0.734, ctx3: 279 },
        { chunker: 'recursive', maxTokens: 128, header: true, hit5: 0.684, ctx3: 297 },
        { chunker: 'structure', maxTokens: 128, header: false, hit5: 0.785, ctx3: 255 },
        { chunker: 'structure', maxTokens: 128, header: true, hit5: 0.747, ctx3: 322 },
      ],
      en: [
        { chunker: 'recursive', maxTokens: 128, header: false, hit5: 0.807, ctx3: 306 },
        { chunker: 'recursive', maxTokens: 128, header: true, hit5: 0.867, ctx3: 313 },
        { chunker: 'structure', maxTokens: 128, header: false, hit5: 0.867, ctx3: 280 },
        { chunker: 'structure', maxTokens: 128, header: true, hit5: 0.855, ctx3: 297 },
      ],
    },
  },
  {
    // The same grid as the header lesson, on questions that need their section's heading.
    id: 'context',
    needsModel: false,
    questions: 'context',
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['recursive', 'structure'], headers: [false, true] } }],
    sample: {
      'pt-BR': [
        { chunker: 'recursive', maxTokens: 128, header: false, hit5: 0.625, ctx3: 257 },
        { chunker: 'recursive', maxTokens: 128, header: true, hit5: 0.75, ctx3: 252 },
        { chunker: 'structure', maxTokens: 128, header: false, hit5: 0.875, ctx3: 284 },
        { chunker: 'structure', maxTokens: 128, header: true, hit5: 1, ctx3: 311 },
      ],
      en: [
        { chunker: 'recursive', maxTokens: 128, header: false, hit5: 0.5, ctx3: 282 },
        { chunker: 'recursive', maxTokens: 128, header: true, hit5: 0.875, ctx3: 296 },
        { chunker: 'structure', maxTokens: 128, header: false, hit5: 0.625, ctx3: 262 },
        { chunker: 'structure', maxTokens: 128, header: true, hit5: 1, ctx3: 302 },
      ],
    },
  },
  {
    id: 'small-to-big',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['structure', 'sentence-window', 'small-to-big'] } }],
    sample: {
      'pt-BR': [
        { chunker: 'structure', maxTokens: 128, hit5: 0.785, ctx3: 255 },
        { chunker: 'sentence-window', maxTokens: 128, hit5: 0.823, ctx3: 413 },
        { chunker: 'small-to-big', maxTokens: 128, hit5: 0.911, ctx3: 897 },
      ],
      en: [
        { chunker: 'structure', maxTokens: 128, hit5: 0.867, ctx3: 280 },
        { chunker: 'sentence-window', maxTokens: 128, hit5: 0.771, ctx3: 289 },
        { chunker: 'small-to-big', maxTokens: 128, hit5: 0.988, ctx3: 666 },
      ],
    },
  },
  {
    id: 'tables-code',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['fixed', 'structure'] } }],
    inspectorLints: ['orphan-heading', 'row-without-header', 'split-code'],
    sample: {
      'pt-BR': [
        { chunker: 'fixed', maxTokens: 128, hit5: 0.57, ctx3: 380, lints: { 'orphan-heading': 12, 'row-without-header': 14, 'split-code': 12 } },
        { chunker: 'structure', maxTokens: 128, hit5: 0.785, ctx3: 255, lints: { 'orphan-heading': 0, 'row-without-header': 0, 'split-code': 11 } },
      ],
      en: [
        { chunker: 'fixed', maxTokens: 128, hit5: 0.795, ctx3: 380, lints: { 'orphan-heading': 3, 'row-without-header': 8, 'split-code': 8 } },
        { chunker: 'structure', maxTokens: 128, hit5: 0.867, ctx3: 280, lints: { 'orphan-heading': 0, 'row-without-header': 0, 'split-code': 7 } },
      ],
    },
  },
  {
    id: 'late-vs-naive',
    needsModel: true,
    arms: [
      { arm: 'naive', grid: { ...base, retrievers: ['dense'] } },
      { arm: 'late', grid: { ...base, retrievers: ['dense'], late: true } },
    ],
  },
  {
    id: 'dilution',
    needsModel: true,
    arms: [{ arm: 'open', grid: { ...base, sizes: [64, 128, 256, 512], retrievers: ['bm25', 'dense'] } }],
  },
  {
    // Corpus search vs search inside the answer's document: the same chunkings in both scopes. On the
    // Portuguese sample (BM25, hit@1) structure at 256 tokens edges out small-to-big at 64 across the
    // corpus and falls behind it inside one document; the card states whatever its own runs measure.
    id: 'scope',
    needsModel: false,
    computed: true,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['structure', 'small-to-big'], sizes: [64, 256], scopes: ['corpus', 'document'], autoRun: true } }],
  },
  {
    // The splitters pipelines run today (LangChain, chonkie, LlamaIndex: the libraries' own code, sized
    // in the same tokenizer) against ChunkLab's recursive and structure chunkers, same cap.
    id: 'baselines',
    needsModel: false,
    arms: [{ arm: 'open', grid: { ...base, chunkers: ['langchain-recursive', 'chonkie-recursive', 'llamaindex-sentence', 'recursive', 'structure'] } }],
    sample: {
      'pt-BR': [
        { chunker: 'langchain-recursive', maxTokens: 128, hit5: 0.747, ctx3: 288 },
        { chunker: 'chonkie-recursive', maxTokens: 128, hit5: 0.734, ctx3: 288 },
        { chunker: 'llamaindex-sentence', maxTokens: 128, hit5: 0.747, ctx3: 333 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.734, ctx3: 279 },
        { chunker: 'structure', maxTokens: 128, hit5: 0.785, ctx3: 255 },
      ],
      en: [
        { chunker: 'langchain-recursive', maxTokens: 128, hit5: 0.807, ctx3: 306 },
        { chunker: 'chonkie-recursive', maxTokens: 128, hit5: 0.807, ctx3: 316 },
        { chunker: 'llamaindex-sentence', maxTokens: 128, hit5: 0.843, ctx3: 341 },
        { chunker: 'recursive', maxTokens: 128, hit5: 0.807, ctx3: 306 },
        { chunker: 'structure', maxTokens: 128, hit5: 0.867, ctx3: 280 },
      ],
    },
  },
  {
    // Do generated questions rank configurations as people's questions do? The card runs the comparison
    // (src/app/questions/AgreementPanel.svelte) on the lesson's corpus once it has questions of both
    // kinds; its grid is the comparison's default one, to see the scores under each set in Results.
    id: 'generated-vs-human',
    needsModel: false,
    computed: true,
    arms: [{ arm: 'open', grid: { ...base, chunkers: [...DEFAULT_AGREEMENT_CHUNKERS], sizes: [...DEFAULT_AGREEMENT_SIZES] } }],
  },
];

/** Where a lesson runs: a built-in sample (in that language) or a workspace corpus. */
export type LessonTarget = { sample: SampleLang } | { corpusId: string };

/** The grid a lesson arm loads into the Experiments view for a target, labelled with the lesson's title. */
export function lessonGrid(arm: LessonArm, target: LessonTarget, label: string): ExperimentGrid {
  const g: ExperimentGrid = {
    ...arm.grid,
    chunkers: [...arm.grid.chunkers],
    sizes: [...arm.grid.sizes],
    overlaps: [...arm.grid.overlaps],
    headers: [...arm.grid.headers],
    retrievers: [...arm.grid.retrievers],
    ...(arm.grid.scopes ? { scopes: [...arm.grid.scopes] } : {}),
    ...(arm.grid.rerankers ? { rerankers: [...arm.grid.rerankers] } : {}),
    label,
  };
  if ('sample' in target) g.sample = target.sample;
  else g.corpusId = target.corpusId;
  return g;
}

/** A sample run's ratio of context tokens to another's (e.g. small-to-big vs structure: ~3.5×). */
export function contextRatio(runs: readonly SampleRun[], a: ChunkerId, b: ChunkerId): number | undefined {
  const x = runs.find((r) => r.chunker === a && !r.overlap && !r.header);
  const y = runs.find((r) => r.chunker === b && !r.overlap && !r.header);
  return x && y && y.ctx3 ? x.ctx3 / y.ctx3 : undefined;
}
