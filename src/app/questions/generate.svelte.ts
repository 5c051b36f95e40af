// Question generation in the page. The provider, its key (this browser only) and prices are the
// ones every language-model feature uses (src/app/llm/settings.svelte.ts); this file keeps the generation's own settings
// (localStorage "chunklab.questions", never a key), the answer cache (IndexedDB
// "chunklab-questions"/"answers", kept by the llm worker, so a cancelled or repeated run asks only
// what is missing), and the run. Parsing, planning, estimating, asking the model, locating and
// filtering run in the llm worker (workers/llm.worker.ts, the engine's generateQuestions): it
// calls the HTTP service itself (primed with its config, key included, by the bridge) or runs the
// in-page model; the page sends the request, shows progress, and cancels by terminating the worker.
import { errorText } from '../i18n/error-text.ts';
import { distinctName } from '../state/names.ts';
import * as Comlink from 'comlink';
import type { PersonalDataScan } from '../../engine/llm/index.ts';
import type { QuestionEstimate, QuestionKind, QuestionLanguage, QuestionPlan, QuestionProgress, RejectReason } from '../../engine/questions/index.ts';
import { toQuestionSpecs } from '../../engine/questions/index.ts';
import type { Doc } from '../../engine/types.ts';
import { cancelLlmWorker, llmWorker } from '../bridge/llm.ts';
import { CancelledError } from '../bridge/bridge.ts';
import { providerId, providerState } from '../llm/settings.svelte.ts';
import { loadLocalModel } from '../llm/provider.ts';
import { touchQuestionSet, workspace } from '../state/workspace.svelte.ts';
import type { Corpus } from '../state/types.ts';
import { t } from '../i18n/index.svelte.ts';
import { addGenerated } from './review.ts';

const SETTINGS_KEY = 'chunklab.questions';

export interface GenerateSettings {
  mode: 'count' | 'perDocument';
  count: number;
  perDocument: number;
  language: QuestionLanguage | 'auto';
  kinds: Record<QuestionKind, boolean>;
  seed: number;
}

const DEFAULTS: GenerateSettings = { mode: 'count', count: 20, perDocument: 4, language: 'auto', kinds: { plain: true, paraphrase: false, twin: false }, seed: 1 };

function readSettings(): GenerateSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    if (raw && typeof raw === 'object') return { ...DEFAULTS, ...raw, kinds: { ...DEFAULTS.kinds, ...(raw.kinds ?? {}) } };
  } catch {
    // defaults
  }
  return structuredClone(DEFAULTS);
}

export type GenPhase = 'idle' | 'preparing' | 'ready' | 'running' | 'cancelled' | 'done' | 'error';

export interface RunSummary {
  asked: number;
  received: number;
  kept: number;
  calls: number;
  cached: number;
  counts: Partial<Record<RejectReason, number>>;
  setId: string;
}

export const gen = $state({
  settings: readSettings(),
  phase: 'idle' as GenPhase,
  estimate: null as QuestionEstimate | null,
  scan: null as PersonalDataScan | null,
  /** The user read the personal-data warning and chose to send the passages anyway. */
  confirmedSend: false,
  progress: { done: 0, total: 0, calls: 0, cached: 0, kept: 0 } as QuestionProgress,
  summary: null as RunSummary | null,
  error: null as string | null,
  /** The question set the generated questions go to ('' = a new one). */
  targetSetId: '',
});

export function saveGenSettings(): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify($state.snapshot(gen.settings)));
  } catch {
    // not remembered
  }
}

/** Forgets the answers kept for question generation (the next run asks again). */
export function clearQuestionAnswers(): Promise<void> {
  return llmWorker((w) => w.clearAnswers('questions'), 'questions-clear');
}

/** The prepared corpus as plain objects (what crosses to the worker; never reactive). */
let prepared: { corpusId: string; docs: Doc[]; plan: QuestionPlan } | null = null;

function kinds(): QuestionKind[] {
  const k = (Object.keys(gen.settings.kinds) as QuestionKind[]).filter((x) => gen.settings.kinds[x]);
  return k.length ? k : ['plain'];
}

function planOptions() {
  const s = gen.settings;
  return {
    ...(s.mode === 'perDocument' ? { perDocument: Math.max(1, Math.floor(Number(s.perDocument) || 1)) } : { count: Math.max(1, Math.floor(Number(s.count) || 1)) }),
    language: s.language,
    kinds: kinds(),
    seed: Math.floor(Number(s.seed) || 0),
  };
}

function pricing() {
  const c = providerState.settings;
  if (c.kind === 'local') return undefined;
  return { inputPerMillion: Math.max(0, Number(c.priceIn) || 0), outputPerMillion: Math.max(0, Number(c.priceOut) || 0) };
}

/** Parses and plans the corpus, estimates (cached answers are free) and scans for personal data. */
export async function prepareQuestions(corpus: Corpus): Promise<void> {
  gen.phase = 'preparing';
  gen.error = null;
  gen.summary = null;
  gen.confirmedSend = false;
  prepared = null;
  try {
    const inputs = corpus.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: $state.snapshot(d.meta) }));
    const r = await llmWorker((w) => w.prepareQuestions(inputs, providerId(), planOptions(), pricing()), 'questions-prepare');
    prepared = { corpusId: corpus.id, docs: r.docs, plan: r.plan };
    gen.estimate = r.estimate;
    gen.scan = r.scan;
    gen.progress = { done: r.estimate.cached, total: r.plan.jobs.length, calls: 0, cached: r.estimate.cached, kept: 0 };
    gen.phase = 'ready';
  } catch (e) {
    gen.phase = 'error';
    gen.error = messageOf(e);
  }
}

/** Whether the settings or provider changed since the plan was made (then prepare again). */
export function invalidate(): void {
  if (gen.phase === 'running') return;
  prepared = null;
  gen.estimate = null;
  gen.scan = null;
  gen.confirmedSend = false;
  if (gen.phase !== 'preparing') gen.phase = 'idle';
}

let controller: AbortController | null = null;

/** Asks for the missing answers (the cache has the rest), locates and filters, adds the kept questions unreviewed. */
export async function runQuestions(): Promise<void> {
  const p = prepared;
  if (!p || gen.phase === 'running') return;
  const external = providerState.settings.kind !== 'local';
  if (external && (gen.scan?.total ?? 0) > 0 && !gen.confirmedSend) return;
  controller = new AbortController();
  const signal = controller.signal;
  gen.phase = 'running';
  gen.error = null;
  try {
    // The in-page model is loaded first (its own call), then the run uses it inside the worker.
    if (!external) await loadLocalModel();
    const existing = workspace.questionSets.find((s) => s.id === gen.targetSetId && s.corpusId === p.corpusId)?.questions.map((q) => q.text) ?? [];
    const report = await llmWorker(
      (w) =>
        w.generateQuestions(
          p.docs,
          p.plan,
          existing,
          Comlink.proxy((pr: QuestionProgress) => (gen.progress = { ...pr })),
        ),
      'questions-generate',
    );
    const specs = toQuestionSpecs(report.kept);
    let set = workspace.questionSets.find((s) => s.id === gen.targetSetId && s.corpusId === p.corpusId);
    if (!set) {
      const corpus = workspace.corpus(p.corpusId);
      // A second generation for the same corpus is a second set: named so the two never look like one.
      const taken = workspace.questionsOf(p.corpusId).map((q) => q.name);
      set = workspace.addQuestionSet(p.corpusId, distinctName(t('questions.gen.setName', { corpus: corpus?.name ?? p.corpusId }), taken), []);
      gen.targetSetId = set.id;
    }
    addGenerated(set.questions, specs);
    touchQuestionSet(workspace, set.id);
    const counts = Object.fromEntries(Object.entries(report.counts).filter(([, n]) => n > 0)) as RunSummary['counts'];
    gen.summary = { asked: report.asked, received: report.received, kept: report.kept.length, calls: report.calls, cached: report.cached, counts, setId: set.id };
    gen.phase = 'done';
    // The answers are cached now: a second run of the same plan costs nothing.
    if (gen.estimate) gen.estimate = { ...gen.estimate, calls: 0, inputTokens: 0, outputTokens: 0, costUSD: gen.estimate.costUSD === null ? null : 0, cached: p.plan.jobs.length };
  } catch (e) {
    const aborted = signal.aborted || e instanceof CancelledError || (e instanceof Error && e.name === 'AbortError');
    gen.phase = aborted ? 'cancelled' : 'error';
    gen.error = aborted ? null : messageOf(e);
  } finally {
    controller = null;
  }
}

/** Stops the run: answers already received stay in the cache, so running again resumes. */
export function cancelQuestions(): void {
  controller?.abort();
  cancelLlmWorker();
}

/** The error as the page shows it (translated when it has a code, i18n/error-text.ts). */
function messageOf(e: unknown): string {
  return errorText(e);
}
