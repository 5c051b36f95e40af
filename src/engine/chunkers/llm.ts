// Model-chosen boundaries (LumberChunker style): a model reads a window of numbered units (paragraphs or
// sentences, within a token budget) and answers, as JSON, the numbers of the units where the topic
// changes; the next window starts at the last boundary it gave (or where this one ended). Boundaries
// are snapped to units, groups sized within minTokens and the cap. Answers are kept in ctx.answers by
// prompt and document, so a rerun makes no call. Use it when structure and wording do not show where
// topics change; it costs one model call per window.

import { InputError, type ChunkerContext, type CommonParams, type Doc } from '../types.ts';
import { unitsOf } from '../documents/ranges.ts';
import { hash64 } from '../util/hash.ts';
import {
  blockItems,
  chunkEnv,
  defineChunker,
  finalize,
  type GroupEnv,
  headerParam,
  ignoredOverlap,
  type Item,
  MAX_TOKENS_LIMIT,
  maxTokensParam,
  segmentDrafts,
  throwIfAborted,
  tokenIndexOf,
  unitItems,
  checkMinTokens,
  DEFAULT_MIN_TOKENS,
} from './kit/index.ts';

export interface LlmParams extends CommonParams {
  /** What the model sees numbered: whole blocks (paragraphs, list items, tables…) or sentences. Default paragraphs. */
  units?: 'paragraphs' | 'sentences';
  /** Tokens of document text shown per window (at least two units are always shown). Default 1024. */
  windowTokens?: number;
  /** Groups under this many tokens join a neighbour (at most half the cap). Default 32. */
  minTokens?: number;
  /** Most tokens the model may answer with. Default 200. */
  answerTokens?: number;
  language?: string;
}

export const LLM_SYSTEM_PROMPT =
  'You split a document into chunks by topic. You see numbered passages of one document, in order. ' +
  'Answer with JSON only, in the form {"boundaries": [n, ...]}: the numbers of the passages that begin a new topic ' +
  '(never the first passage shown), in ascending order; {"boundaries": []} when the topic does not change.';

/** Characters of one unit shown to the model, at most (a huge unit is shown by its start). */
const UNIT_CHARS = 4000;

/** The user message for units [s, e] (numbers are unit indices in the document). */
export function llmPrompt(doc: Doc, items: Item[], s: number, e: number): string {
  const lines: string[] = [`Passages ${s} to ${e}:`, ''];
  for (let i = s; i <= e; i++) {
    const text = doc.text.slice(items[i].start, items[i].end).trim().replace(/\s*\n\s*/g, ' ');
    lines.push(`[${i}] ${text.length > UNIT_CHARS ? text.slice(0, UNIT_CHARS) + ' …' : text}`);
  }
  lines.push('', `Which passages after ${s} begin a new topic? JSON only.`);
  return lines.join('\n');
}

/**
 * The unit numbers in a model's answer that lie in (s, e], ascending and unique. Accepts
 * {"boundaries": [...]} or a bare list, inside any surrounding text (code fences, a sentence before);
 * numbers as JSON numbers or digit strings. Anything else (malformed JSON, no list, out of range,
 * fractions) gives no boundary rather than an error: the window then moves on by its size.
 */
export function parseBoundaries(answer: string, s: number, e: number): number[] {
  const candidates: unknown[] = [];
  const tryParse = (from: string, to: string) => {
    const a = answer.indexOf(from);
    const b = answer.lastIndexOf(to);
    if (a < 0 || b <= a) return;
    try {
      candidates.push(JSON.parse(answer.slice(a, b + 1)));
    } catch {
      /* not JSON */
    }
  };
  tryParse('{', '}');
  tryParse('[', ']');
  for (const c of candidates) {
    const list = Array.isArray(c) ? c : c && typeof c === 'object' && Array.isArray((c as { boundaries?: unknown }).boundaries) ? (c as { boundaries: unknown[] }).boundaries : null;
    if (!list) continue;
    const out = new Set<number>();
    for (const x of list) {
      const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : NaN;
      if (Number.isInteger(n) && n > s && n <= e) out.add(n);
    }
    return [...out].sort((a, b) => a - b);
  }
  return [];
}

function itemsOf(doc: Doc, params: LlmParams): Item[] {
  if (params.units === 'sentences' || !doc.blocks.length) return unitItems(doc, unitsOf(doc, params.language || undefined));
  return blockItems(doc, 0, doc.blocks.length);
}

/** Cache key of one window's answer: model, prompt and document. */
export function llmAnswerKey(model: string, doc: Doc, user: string): string {
  return `llm|${model}|${hash64(LLM_SYSTEM_PROMPT + '\u0000' + user)}-${user.length}|${hash64(doc.text)}-${doc.text.length}`;
}

/**
 * The windows of one document in order: [s, e] holds units while they fit windowTokens (at least two);
 * `answer` gives the boundaries found in it, and the next window starts at the last of them (with none,
 * at the window's last unit, so a change right after it can still be seen).
 */
async function walkWindows(
  doc: Doc,
  items: Item[],
  params: LlmParams,
  tokensOf: (i: number) => number,
  answer: (s: number, e: number, user: string) => Promise<number[]>,
): Promise<void> {
  const windowTokens = params.windowTokens ?? 1024;
  let s = 0;
  while (s < items.length - 1) {
    let e = s + 1;
    let used = tokensOf(s) + tokensOf(e);
    while (e + 1 < items.length && used + tokensOf(e + 1) <= windowTokens) used += tokensOf(++e);
    const found = await answer(s, e, llmPrompt(doc, items, s, e));
    if (e === items.length - 1) break;
    s = found.length ? found[found.length - 1] : e;
  }
}

export interface LlmEstimate {
  /** Windows whose answer is not cached: the calls to make (more if the model finds boundaries early in a window). */
  calls: number;
  /** Windows answered from the cache. */
  cached: number;
  /** Prompt tokens of the calls to make (system + user, by the tokenizer in use). */
  inputTokens: number;
  /** Answer tokens at most (answerTokens per call). */
  outputTokens: number;
}

/**
 * What llm chunking of `docs` will cost before any call: the windows are walked as the chunker walks
 * them, cached answers followed (a fully cached rerun estimates 0 calls), an uncached window assumed to
 * have no boundary (the fewest calls). Params as resolveParams gives them.
 */
export async function estimateLlmChunking(
  docs: readonly Doc[],
  params: LlmParams,
  ctx: Pick<ChunkerContext, 'tokenizer' | 'answers'> & { model: string },
): Promise<LlmEstimate> {
  const est: LlmEstimate = { calls: 0, cached: 0, inputTokens: 0, outputTokens: 0 };
  const system = ctx.tokenizer.count(LLM_SYSTEM_PROMPT);
  for (const doc of docs) {
    const items = itemsOf(doc, params);
    const index = tokenIndexOf(doc, ctx.tokenizer);
    await walkWindows(doc, items, params, (i) => index.count(items[i].start, items[i].end), async (s, e, user) => {
      const cachedAnswer = await ctx.answers?.get(llmAnswerKey(ctx.model, doc, user));
      if (cachedAnswer !== undefined) {
        est.cached++;
        return parseBoundaries(cachedAnswer, s, e);
      }
      est.calls++;
      est.inputTokens += system + ctx.tokenizer.count(user);
      est.outputTokens += params.answerTokens ?? 200;
      return [];
    });
  }
  return est;
}

async function ask(ctx: ChunkerContext, key: string, user: string, answerTokens: number): Promise<string> {
  const cached = await ctx.answers?.get(key);
  if (cached !== undefined) return cached;
  const { text } = await ctx.generator!.generate({ system: LLM_SYSTEM_PROMPT, user }, { maxTokens: answerTokens, signal: ctx.signal });
  const answer = typeof text === 'string' ? text : '';
  await ctx.answers?.set(key, answer);
  return answer;
}

export const llm = defineChunker<LlmParams>({
  id: 'llm',
  label: { pt: 'Escolhido por modelo (LLM)', en: 'Model-chosen (LLM)' },
  summary: {
    pt: 'Um modelo de linguagem lê janelas de trechos numerados e diz onde o assunto muda; os cortes caem nesses trechos, entre um mínimo e o limite.\nUse quando nem a estrutura nem as palavras mostram a mudança de assunto; custa uma chamada ao modelo por janela.',
    en: 'A language model reads windows of numbered passages and says where the topic changes; cuts fall there, between a minimum and the cap.\nUse it when neither structure nor wording shows where topics change; it costs one model call per window.',
  },
  params: [
    maxTokensParam(256),
    ignoredOverlap,
    headerParam,
    {
      name: 'units',
      type: 'enum',
      default: 'paragraphs',
      options: ['paragraphs', 'sentences'],
      help: {
        pt: 'O que o modelo vê numerado: parágrafos (blocos inteiros) ou frases.',
        en: 'What the model sees numbered: paragraphs (whole blocks) or sentences.',
      },
    },
    {
      name: 'windowTokens',
      type: 'int',
      default: 1024,
      min: 64,
      max: MAX_TOKENS_LIMIT * 4,
      help: {
        pt: 'Tokens de texto mostrados ao modelo por janela (sempre ao menos dois trechos).',
        en: 'Tokens of text shown to the model per window (always at least two passages).',
      },
    },
    {
      name: 'minTokens',
      type: 'int',
      default: DEFAULT_MIN_TOKENS,
      min: 0,
      max: MAX_TOKENS_LIMIT,
      help: {
        pt: 'Grupos menores que isto se juntam a um vizinho (no máximo metade do limite).',
        en: 'Groups smaller than this join a neighbour (at most half the cap).',
      },
    },
    {
      name: 'answerTokens',
      type: 'int',
      default: 200,
      min: 16,
      max: 4096,
      help: {
        pt: 'Máximo de tokens da resposta do modelo.',
        en: "Most tokens of the model's answer.",
      },
    },
  ],
  needs: 'generator',
  check: checkMinTokens,
  async chunk(doc, params, ctx) {
    if (!ctx.generator) throw new InputError('the llm chunker needs a language model (in the CLI: --generator openai:<model> or anthropic:<model>)');
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const { index, prefixer } = env;
    const items = itemsOf(doc, params);
    const isBreak = new Uint8Array(Math.max(0, items.length - 1));
    const answerTokens = params.answerTokens ?? 200;
    const generatorId = ctx.generator.id;
    await walkWindows(doc, items, params, (i) => index.count(items[i].start, items[i].end), async (s, e, user) => {
      throwIfAborted(ctx.signal);
      const answer = await ask(ctx, llmAnswerKey(generatorId, doc, user), user, answerTokens);
      throwIfAborted(ctx.signal);
      const found = parseBoundaries(answer, s, e);
      for (const u of found) isBreak[u - 1] = 1;
      ctx.onProgress?.(Math.min(1, (e + 1) / items.length));
      return found;
    });
    // Paragraph units can be too big to follow their heading whole: cut them so the heading leads.
    const group: GroupEnv = { doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true, cutToKeepHeadings: true };
    const minTokens = Math.min(params.minTokens ?? 32, Math.floor(params.maxTokens / 2));
    return finalize(env, segmentDrafts(group, items, isBreak, minTokens));
  },
});
