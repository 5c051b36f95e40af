// `questions`: asks a model for questions about passages sampled across the documents, locates every answer
// excerpt in its document, filters, and writes a ChunkLab folder (documents + questions with gold
// spans and provenance, marked unreviewed) that `eval --dataset <folder>` reads. The estimate is
// printed before any call; answers are cached (.cache/questions.jsonl) so an interrupted run resumes
// and a rerun is free. Keys only from OPENAI_API_KEY / ANTHROPIC_API_KEY, never written anywhere.
// Flags and --help: src/cli/commands.ts.
import { lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHttpProvider, scanPersonalData, type TextGenerator } from '../engine/llm/index.ts';
import { parseDataset } from '../engine/evaluation/index.ts';
import { writeChunklabFolder } from '../engine/formats/index.ts';
import type { Dataset, DocumentInput } from '../engine/evaluation/index.ts';
import { estimateQuestions, generateQuestions, planQuestions, toQuestionSpecs, REJECT_REASONS, type QuestionPlan, type RejectReason } from '../engine/questions/index.ts';
import { InputError, type Doc } from '../engine/types.ts';
import { readFlags } from './args.ts';
import type { FlagValues } from './commands.ts';
import { parsePricing, providerConfigFromSpec } from './llm.ts';
import { FileAnswerCache } from '../node/answer-cache.ts';
import { loadDataset } from '../node/files.ts';

type Flags = FlagValues<'questions'>;

const REASON_TEXT: Record<RejectReason, string> = {
  'malformed-answer': 'malformed answer',
  'malformed-item': 'malformed question',
  'no-excerpt': 'no excerpt',
  'excerpt-not-found': 'excerpt not in the document',
  'excerpt-too-short': 'excerpt too short',
  'excerpt-too-long': 'excerpt too long',
  'answers-itself': 'answers itself',
  duplicate: 'duplicate',
  'call-failed': 'call failed',
};

/**
 * The marker file a generated folder carries. `--out` replaces an existing folder only when it
 * holds this marker (so it was written by this command): a folder that merely holds a
 * documents.json, or anything else, is never deleted.
 */
export const GENERATED_MARKER = '.chunklab-generated';

async function checkOut(out: string): Promise<void> {
  const info = await lstat(out).catch(() => null);
  if (!info) return;
  if (info.isSymbolicLink()) throw new InputError('is a symbolic link: give a new folder (a link is never replaced)', out);
  if (!info.isDirectory()) throw new InputError('exists and is not a folder', out);
  const entries = await readdir(out);
  if (entries.length && !entries.includes(GENERATED_MARKER))
    throw new InputError(`exists and is not a ChunkLab folder written by "questions" (no ${GENERATED_MARKER} marker): choose a new folder; nothing in it is replaced`, out);
}

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('questions', argv);
  if (!p) return 0;
  const f = p.flags;
  const provider = providerOf(f);
  if (path.resolve(f.out) === path.resolve(f.dataset)) throw new InputError('is the dataset itself: write the generated folder somewhere new', f.out);
  await checkOut(f.out);
  const dataset = await loadDataset(f.dataset);
  const docs = [...parseDataset(dataset).values()];
  if (!docs.length) throw new InputError('the dataset has no documents', f.dataset);
  const { plan, cache } = await planAndEstimate(f, docs, provider.id);
  const report = await ask(docs, plan, provider, cache);
  if (!report.kept.length) {
    console.error('error: no question was kept; nothing written');
    return 1;
  }
  await writeFolder(f.out, dataset, docs, report.kept);
  return 0;
}

/** The model asked: keys only from the provider's own variable (the contract), the base URL from the flag. */
function providerOf(f: Flags): TextGenerator {
  const env = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY };
  const config = providerConfigFromSpec(f.generator, env, '--generator');
  if (f['base-url'] !== undefined) config.baseUrl = f['base-url'];
  return createHttpProvider(config);
}

/** Which passages are asked about, and the estimate (calls, tokens, cost, personal data) printed before any call. */
async function planAndEstimate(f: Flags, docs: Doc[], providerId: string) {
  const perDocument = f['per-document'];
  const count = f.count ?? (perDocument === undefined ? 20 : undefined);
  const plan = planQuestions(docs, providerId, { count, perDocument, perCall: f['per-call'], seed: f.seed, language: f.language, kinds: [...f.kinds] });
  if (!plan.jobs.length) throw new InputError('no passage to ask about: the documents have no text blocks', f.dataset);
  const cache = new FileAnswerCache(path.resolve(f['cache-dir'], 'questions.jsonl'));
  const pricing = f.price === undefined ? undefined : parsePricing(f.price, '--price');
  const est = await estimateQuestions(plan, { pricing, cache });
  const cost = est.costUSD === null ? 'cost unknown: --price IN,OUT gives one' : `about $${est.costUSD.toFixed(4)}`;
  console.error(
    `estimate   ${plan.asked} questions from ${plan.jobs.length} passages: ${est.calls} calls (${est.cached} cached), ~${est.inputTokens.toLocaleString('en-US')} prompt + ~${est.outputTokens.toLocaleString('en-US')} answer tokens, ${cost}`,
  );
  const pii = plan.jobs.reduce((n, j) => n + scanPersonalData(docs.find((d) => d.id === j.passage.docId)!.text.slice(j.passage.start, j.passage.end), 1).total, 0);
  if (pii) console.error(`warning    the passages sent to ${providerId} contain what looks like personal data (${pii} match${pii === 1 ? '' : 'es'}: e-mails, phones, CPF/CNPJ, cards)`);
  return { plan, cache };
}

/** The calls (progress on a terminal), then one line: asked, received, kept, rejected by reason. */
async function ask(docs: Doc[], plan: QuestionPlan, provider: TextGenerator, cache: FileAnswerCache) {
  const report = await generateQuestions(docs, plan, {
    provider,
    cache,
    onProgress: (p) => process.stderr.isTTY && process.stderr.write(`\rasking     ${p.done}/${p.total} passages, ${p.kept} kept`),
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const rejected = REJECT_REASONS.filter((r) => report.counts[r]).map((r) => `${REASON_TEXT[r]} ${report.counts[r]}`);
  console.error(
    `questions  asked ${report.asked}, received ${report.received}, kept ${report.kept.length}, rejected ${report.rejected.length}${rejected.length ? ` (${rejected.join(', ')})` : ''}; ${report.calls} calls, ${report.cached} from the cache`,
  );
  return report;
}

/** The ChunkLab folder, written beside and renamed into place (a failure leaves the old one). */
async function writeFolder(out: string, dataset: Dataset, docs: Doc[], kept: Parameters<typeof toQuestionSpecs>[0]): Promise<void> {
  // Gold offsets point into the parsed text: a document whose parsed text differs from its file
  // (HTML: the extracted text) is written as that text.
  const documents: DocumentInput[] = dataset.documents.map((d) => {
    const doc = docs.find((x) => x.id === d.id)!;
    return doc.text === d.text ? d : { ...d, text: doc.text, format: 'text' };
  });
  const files = writeChunklabFolder({ name: `${dataset.name} (generated questions)`, language: dataset.language, documents, questions: toQuestionSpecs(kept) });
  const tmp = `${out.replace(/[\\/]+$/, '')}.${process.pid}.tmp`;
  try {
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
      await writeFile(path.join(tmp, rel), text, 'utf8');
    }
    await writeFile(path.join(tmp, GENERATED_MARKER), 'Written by `chunklab questions`; `questions --out` may replace this folder.\n', 'utf8');
    // Checked again just before replacing: the folder may have changed during the calls.
    await checkOut(out);
    await rm(out, { recursive: true, force: true });
    await rename(tmp, out);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, out);
  }
  console.error(`wrote      ${out}: ${documents.length} documents, ${kept.length} questions (unreviewed); evaluate with: npm run cli -- eval --dataset ${out} ...`);
}
