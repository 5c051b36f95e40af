// The CLI's commands and flags, declared once: src/cli/args.ts parses and checks argv against these
// rows in one pass (one error style: an InputError naming the flag, one line, exit code 2) and
// writes every command's --help from them.
//
// To add a command `foo`:
//   1. a row in COMMANDS below (summary, positional arguments if any, notes for its --help);
//   2. its flags: add 'foo' to the `commands` of rows it shares (--dataset, --out, …), and new rows
//      for its own flags (name, type, help, and what to check: min/max, options, needs, conflicts);
//   3. src/cli/foo.ts exporting `run(argv)`, which starts with `const p = readFlags('foo', argv)`
//      and gets typed values (`p.flags['max-tokens']` is a number) with defaults filled in;
//   4. its loader in RUNNERS (src/cli/runners.ts). tests/cli/commands.test.ts checks the table.
// A flag's name may have two rows when it means different things to different commands (--out is a
// file for chunk and eval, a folder for questions); no command may see two rows of one name.
import { CHUNKER_IDS } from '../engine/chunkers/index.ts';
import { parseEmbedderSpec } from '../engine/embedding/providers/index.ts';
import { UNSAFE_KEYS } from '../engine/formats/index.ts';
import { CHOICE_METRICS } from '../engine/evaluation/index.ts';
import { AGREEMENT_METRICS, DEFAULT_AGREEMENT_CHUNKERS, DEFAULT_AGREEMENT_SIZES } from '../engine/evaluation/index.ts';
import { DEFAULT_TUNE_CHUNKERS, DEFAULT_TUNE_SIZES } from '../engine/tune/index.ts';
import { InputError } from '../engine/types.ts';
import { DEFAULT_OCR_LANG, OCR_MODES } from '../engine/documents/index.ts';
import { checkOcrLang } from '../node/ocr/tesseract.ts';
import { parsePricing, providerConfigFromSpec } from './llm.ts';
import { DEFAULT_RELAY_PORT, parseOrigin, parseTarget } from '../node/relay-options.ts';

export interface CommandSpec {
  /** One line for `npm run cli -- --help`. */
  summary: string;
  /** Positional arguments, as shown in the usage line ('<a.json> <b.json>'); none when absent. */
  args?: string;
  /** Paragraphs after the flag list of its --help. */
  notes?: string;
}

export const COMMANDS = {
  chunk: {
    summary: "cut a dataset's documents with one chunker and write chunks as JSONL",
    notes: `--model counts sizes in the model's tokens and gives the semantic chunker its sentence vectors
(cached in .cache/embeddings, shared with eval). Without it the semantic chunker uses a lexical
TF-IDF embedder over each document's sentences: it works right after install, with no model.

--chunker llm needs --generator: a language model reads windows of numbered paragraphs and says
where the topic changes. The key comes from OPENAI_API_KEY or ANTHROPIC_API_KEY (never from the
command line); --base-url points at a local OpenAI-compatible server (Ollama, llama.cpp), which
needs no key. Answers are kept in .cache/llm-chunks.jsonl (or --generator-cache <dir>): a rerun
makes no call. Before the first call the estimate is printed: windows to ask, prompt and answer
tokens, and the cost with --generator-price IN,OUT (dollars per million tokens).`,
  },
  eval: {
    summary: "chunk, index, retrieve and score a dataset's questions",
    notes: `dense/hybrid: --model is a folder (config.json, tokenizer.json, onnx/model.onnx) or a Hub id
already on disk; vectors are cached in .cache/embeddings (or --cache-dir), so a rerun does no
model work. --late pools each chunk from one pass over its whole document (late chunking); chunk
prefixes (context headers) are not pooled, the document around the chunk is its context.

embedding service: --embedder takes the vectors of dense/hybrid retrieval (and of the semantic
chunker) from OpenAI or any OpenAI-compatible server (TEI, vLLM, Ollama, LM Studio: --embed-base-url
with its /v1), Cohere, Voyage or Jina. The key comes from OPENAI_API_KEY, COHERE_API_KEY,
VOYAGE_API_KEY or JINA_API_KEY, never from the command line, and is written nowhere. --dimensions asks
for shorter vectors (Matryoshka models); --embed-batch lowers the texts per call (a local server's
limit), --embed-concurrency the calls in flight. The estimate (texts, tokens, calls, price, time) is
printed before any call and confirmed on a terminal; --yes skips the question (needed in scripts).
Vectors are cached in .cache/embeddings (or --cache-dir): an interrupted run resumes, a rerun makes no
call. Sizes are counted in the service model's tokens when it is an OpenAI embedding model (tiktoken
cl100k_base for text-embedding-3-*/ada-002), else with --tokenizer or the bundled one (and the run
says so). Late chunking needs a local model (--model).

semantic chunker: with --model its sentence vectors come from the model; without, from a lexical
TF-IDF embedder over each document's own sentences (no model needed).

llm chunker: --chunker llm --generator openai:<model>|anthropic:<model> [--base-url <url>]
[--generator-cache <dir>] [--generator-price <in>,<out>], as for \`chunk\`: same key variables, same
answers cache (.cache/llm-chunks.jsonl), the estimate printed before the first call.

generated context (contextual retrieval): --context-model writes one sentence per chunk that
situates it in its document, put before the chunk's text (and before its context header). Chunks are
cut at --max-tokens minus --context-tokens (default 60) so the sentence fits. The key comes from
OPENAI_API_KEY / ANTHROPIC_API_KEY (or CHUNKLAB_LLM_API_KEY), never from the command line, and is
written nowhere; a local OpenAI-compatible server (Ollama, llama.cpp) needs --context-base-url and no
key. The estimate (calls, tokens, cost with --context-price) is printed before any call. Sentences are
cached in .cache/context.jsonl (or --context-cache <dir>): an interrupted run resumes, a rerun makes
no calls, and --context-only-cached refuses to call the model at all.

reranking: --rerank is a cross-encoder folder (config.json, tokenizer.json, onnx/model.onnx, one
output "logits") or a Hub id already on disk; it rescores the retriever's first --rerank-top hits
(default 50) on (question, indexed text with its prefix) and re-sorts them; the rest keep their
order. Scores are cached with the embeddings; --dtype picks its ONNX file too.
--budget (default 1024): hit@budget and recall@budget take ranked units while their tokens stay
within the budget. --scope document searches each question only among its gold document's units.

Generated questions (see \`questions\`) are marked unreviewed until a person accepts them in the
page; the command line has no review step, so eval includes them unless --reviewed-only, says how
many, and records the count as config.unreviewedQuestions. Rejected questions never count.

Paired test: run the header-only arm at the same reduced cap with --context-arm-baseline (same
--max-tokens, --context-tokens and --context-header), then
  npm run cli -- compare baseline.json context.json`,
  },
  agreement: {
    summary: 'do generated questions rank configurations as human questions do? (Kendall tau-b, interval)',
    notes: `Runs a small grid (--chunkers x --sizes, BM25) once over both question sets and compares how they
rank its configurations by --metric: Kendall's tau-b between the configurations' scores under the
human and the generated questions (ties handled), a percentile bootstrap interval (each set
resampled on its own, --resamples times from --seed), and the pairs of configurations the two sets
order differently, with each set's scores.

The human set: --dataset's questions written by people (no generation provenance). The generated set:
--dataset's generated questions (those \`questions\` writes, rejected ones left out), or every
question of --generated, a dataset about the same documents (a ChunkLab folder \`questions\` wrote).

--resample document (the default) draws whole documents with all their questions: a document's
questions share its cuts, so their outcomes move together, and generated questions come in batches
per document; question treats every question as independent (a narrower interval). With few
documents (under 10) the interval is rough; the summary says so.`,
  },
  compare: {
    summary: 'paired test of two results files',
    args: '<a.json> <b.json>',
    notes: 'Exact McNemar on hit@1/3/5 over the questions both files share, with the questions only one configuration gets right.',
  },
  'per-document': {
    summary: 'choose a configuration per document from a grid\'s results files, with an honest (cross-fitted) gain',
    args: '<results.json | folder>...',
    notes: `The results files of one question set (several configurations; a folder stands for its .json files).
Each document's questions are split in two halves (a shuffle seeded with --seed and the document id);
the configuration that scores best on one half is scored on the other, and the other way round, so no
choice is scored on the questions it was made on. The single best configuration it is compared with is
chosen on the same halves. Prints the gain with a 95% interval that resamples documents, the flattering
in-sample gain beside it, and the documents that change configuration with their scores on each half.
A document with fewer than --min-questions questions keeps the single best. --recipe-out writes the
per-document recipe (document id → configuration, each with its chunking recipe; docs/CONTRACT.md).`,
  },
  convert: {
    summary: 'one document (pdf, docx, html, md, txt) to the Markdown the chunkers read',
    args: '<file>',
    notes: `Writes the Markdown every chunker sees (for HTML, the extracted text) to stdout, or to --out.
--pages (with --out) also writes the page map beside it as <out>.pages.json: [{"page", "start",
"end"}] in UTF-16 offsets of the Markdown. One summary line goes to stderr: pages, headings, tables,
running lines removed, warnings, and "structure guessed" when a PDF has no tags or outline that give
headings and few font cues (check its headings and tables before relying on them).`,
  },
  questions: {
    summary: "generate questions with located answers from a dataset's documents (a model)",
    notes: `Writes a ChunkLab folder (documents.json, docs/, questions.json) whose questions carry gold spans
located exactly in the documents, marked "unreviewed" with their provenance. Keys come only from
OPENAI_API_KEY or ANTHROPIC_API_KEY. Without --per-document, --count is 20.`,
  },
  tune: {
    summary: 'recommend a configuration, with an estimate on questions it did not choose on',
    notes: `Splits the questions once (seeded by --seed) into a choosing half and an estimating half: by
document (a document's questions share its cuts), or by question when the dataset has fewer than 10
documents (the summary says so). Searches --chunkers x --sizes on the choosing half only with
successive halving: every configuration with BM25 on a sample of the choosing questions, then the
best third (or as many as --max-runs leaves) on all of them with --retriever (dense and hybrid need
--model). The pick is scored on the estimating half with a 95% interval, beside the default
(recursive, 512 tokens) and each baseline splitter at 512 tokens on the same questions, with the
paired difference, its interval and the exact McNemar test (a sign-flip test for scores that are not
rates). Its score on the questions it was chosen on is printed too: it is optimistic by construction.

--out writes the pick as a recipe; \`eval --recipe <file> --dataset <D>\` reruns it, and its results
file restricted to the estimating questions (--json: estimate.questions) gives the estimate again.
--json prints chosen, estimate {metric, value, low, high, questions}, baselines, stages, runs, seed.`,
  },
  batch: {
    summary: 'run a recipe over a whole corpus on every core: Parquet out, resumable',
    notes: `--recipe is a recipe file (the page's "use this configuration"), a results file or its config.
--input: a folder of documents (.md, .txt, .html, .pdf, .docx, read as \`chunk\` reads them), a JSONL of
{"id", "text", "format"?, "meta"?} lines, or a Parquet table with id and text columns.
--out: a new folder, or the folder of an interrupted run to resume it (same recipe, same input).
Writes part-NNNNN.parquet (one row per chunk), chunks.jsonl with --jsonl, errors.jsonl (one line per
document that could not be chunked; the run goes on) and manifest.jsonl (docs/CONTRACT.md).
--embedder adds a "vector" column from an embedding service once every part is chunked, as eval
embeds: the estimate over every part first and a confirmation (--yes in scripts), vectors cached in
.cache/embeddings (or --cache-dir), so an interrupted run resumes.`,
  },
  serve: {
    summary: '--stdio: a recipe as a long-lived JSON-lines process (for Ray, Spark)',
    notes: `Reads one JSON document a line on stdin: {"id", "text", "format"?: "md"|"txt"|"html", "meta"?: {...}}
and writes one line per document on stdout, in the same order:
  {"id", "chunks": [{"id", "docId", "index", "start", "end", "text", "prefix", "tokens", "headingPath", "recipeHash", ...}]}
or {"id", "error": "<one line>"} (id null when the line is not a JSON object with an id); the process
goes on. Offsets count code points. It ends when stdin closes. Diagnostics go to stderr.`,
  },
  proxy: {
    summary: 'a local CORS relay so the page can use one model server on your network',
    notes: `A relay for the page to one model server that sends no CORS headers (Ollama, vLLM, LM Studio,
a LiteLLM gateway…). It answers the browser's preflight itself and forwards ONLY to --to: a request
for /chat/completions goes to <url>/chat/completions. Absolute URLs, CONNECT, "//" and ".." paths
and Host headers naming anything but the relay are refused; redirects are not followed. Without
--allow-origin, pages served from this machine (http://localhost, 127.0.0.1, [::1], any port) may
use it; with it, only the origins named ("*" is refused). It listens on 127.0.0.1 unless --host says
otherwise. Keys pass through as the page sends them and are never written or logged; a key in the
--to URL is refused. Then, in the page, use the relay's URL (printed first) as the base URL.`,
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

export type FlagType = 'string' | 'int' | 'number' | 'boolean' | 'list' | 'enum';

export interface FlagSpec {
  name: string;
  type: FlagType;
  /** The commands that take it. */
  commands: readonly CommandName[];
  /** One line (or two) for --help. */
  help: string;
  /** The value's placeholder in --help ('<dir>'); booleans have none. */
  value?: string;
  /** Filled in when the flag is not given (booleans default to false). */
  default?: string | number | boolean | readonly string[];
  /** The default --help shows when the value is left to the engine or depends on other flags. */
  defaultText?: string;
  /** Said in --help after `help` for one command only. */
  note?: Partial<Record<CommandName, string>>;
  /** The commands for which it must be given. */
  required?: readonly CommandName[];
  /** int/number: the smallest and largest value allowed. */
  min?: number;
  max?: number;
  /** enum: the values allowed; list: the items allowed. */
  options?: readonly string[];
  /** enum: the thing named, for a long list of options ('unknown chunker "x" (expected one of: …)'). */
  what?: string;
  /** list: given more than once, values collect; with `split`, each value is also split there. */
  split?: string;
  /** Only with one of these flags (of those the command takes): '--x needs --y or --z'. */
  needs?: readonly string[];
  /** Not together with these: 'give --x or --y, not both'. */
  conflicts?: readonly string[];
  /** Further checks of one value (a string, or each list item): throws an InputError naming the flag. */
  check?: (value: string, flag: string) => void;
  /** Where --help lists it (flags with no group come first). */
  group?: string;
}

const MODEL_USERS = ['model', 'embedder', 'rerank'];
const checkPricing = (v: string, flag: string): void => void parsePricing(v, flag);
const checkOcrLanguages = (v: string, flag: string): void => void checkOcrLang(v, flag);
/** The chunkers a grid of `agreement` can run with no model (llm needs one). */
const AGREEMENT_CHUNKERS = CHUNKER_IDS.filter((id) => id !== 'llm');

/** --sizes: each a whole number of tokens, at least 1. */
function checkSize(v: string, flag: string): void {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InputError(`each size must be a whole number >= 1, got "${v}"`, flag);
}


/** Every flag of every command. Order is --help's order within each group. */
export const FLAGS = [
  // ---- the dataset and its chunking (chunk, eval)
  { name: 'dataset', type: 'string', commands: ['chunk', 'eval', 'questions', 'agreement', 'tune'], required: ['chunk', 'eval', 'questions', 'agreement', 'tune'], value: '<D>', help: 'a SQuAD JSON file, a Chroma-style folder, a ChunkLab folder or workspace file, or a folder of documents (md, txt, html, pdf, docx)' },
  { name: 'chunker', type: 'enum', commands: ['chunk', 'eval'], required: ['chunk'], value: '<id>', options: CHUNKER_IDS, what: 'chunker', help: 'the chunker', note: { eval: 'required unless --chunks' } },
  { name: 'max-tokens', type: 'int', commands: ['chunk', 'eval'], required: ['chunk'], min: 1, value: '<n>', help: "each chunk's cap in tokens, its prefix included", note: { eval: 'required unless --chunks' } },
  { name: 'overlap', type: 'int', commands: ['chunk', 'eval'], min: 0, default: 0, value: '<n>', help: 'tokens repeated between neighbouring chunks, for the chunkers that take it' },
  { name: 'context-header', type: 'boolean', commands: ['chunk', 'eval'], help: "put the document's title and heading path before each chunk, for the chunkers that take it" },
  { name: 'tokenizer', type: 'string', commands: ['chunk', 'eval', 'agreement', 'tune'], value: '<dir>', conflicts: ['model'], defaultText: 'the bundled all-MiniLM-L6-v2', help: 'a Hugging Face tokenizer folder to count tokens with (a --model brings its own)' },
  { name: 'out', type: 'string', commands: ['chunk'], required: ['chunk'], value: '<chunks.jsonl>', help: 'the chunks, one JSON object a line' },
  { name: 'out', type: 'string', commands: ['eval'], value: '<results.json>', help: 'write the results file here' },
  { name: 'json', type: 'boolean', commands: ['eval', 'compare', 'per-document', 'agreement', 'tune'], help: 'print JSON to stdout instead of the readable summary' },

  // ---- a local model (chunk, eval)
  { name: 'model', type: 'string', commands: ['chunk', 'eval', 'tune'], value: '<dir-or-id>', group: 'local model', help: 'an embedding model folder (config.json, tokenizer.json, onnx/model.onnx) or a Hub id already on disk' },
  { name: 'dtype', type: 'enum', commands: ['chunk', 'eval', 'tune'], options: ['fp32', 'fp16', 'q8'], needs: MODEL_USERS, value: '<dtype>', group: 'local model', defaultText: 'fp32', help: "which of the model's ONNX files to run" },
  { name: 'cache-dir', type: 'string', commands: ['chunk', 'eval', 'tune'], needs: MODEL_USERS, conflicts: ['no-cache'], value: '<dir>', group: 'local model', defaultText: '.cache/embeddings', help: 'where vectors and rerank scores are cached' },
  { name: 'no-cache', type: 'boolean', commands: ['chunk', 'eval', 'tune'], needs: MODEL_USERS, group: 'local model', help: 'neither read nor write the vector cache' },
  { name: 'late', type: 'boolean', commands: ['eval'], group: 'local model', help: 'late chunking: pool each chunk from one pass over its whole document (dense/hybrid, --model)' },

  // ---- the llm chunker (chunk, eval) and questions' model
  { name: 'generator', type: 'string', commands: ['chunk', 'eval', 'questions'], required: ['questions'], value: 'openai:<model>|anthropic:<model>', group: 'language model', help: 'the language model', note: { chunk: 'for --chunker llm', eval: 'for --chunker llm' } },
  { name: 'base-url', type: 'string', commands: ['chunk', 'eval', 'questions'], needs: ['generator'], value: '<url>', group: 'language model', help: 'an OpenAI-compatible server for --generator (with its /v1; a local one needs no key)' },
  { name: 'generator-cache', type: 'string', commands: ['chunk', 'eval'], needs: ['generator'], value: '<dir>', group: 'language model', defaultText: '.cache', help: "the answers cache's folder" },
  { name: 'generator-price', type: 'string', commands: ['chunk', 'eval'], needs: ['generator'], check: checkPricing, value: '<in>,<out>', group: 'language model', help: 'dollars per million prompt and answer tokens, for the estimate' },

  // ---- retrieval and scoring (eval)
  { name: 'retriever', type: 'enum', commands: ['eval', 'tune'], options: ['bm25', 'dense', 'hybrid'], default: 'bm25', value: '<kind>', group: 'retrieval', help: 'how units are ranked (dense and hybrid need --model or --embedder)' },
  { name: 'recipe', type: 'string', commands: ['eval'], conflicts: ['chunker', 'max-tokens', 'overlap', 'context-header', 'chunks', 'context-model', 'context-arm-baseline'], value: '<recipe.json>', group: 'retrieval', help: 'cut with a recipe (tune --out, the page\'s "use this configuration", a results file): its chunker, parameters and tokenizer' },
  { name: 'chunks', type: 'string', commands: ['eval'], value: '<chunks.jsonl>', group: 'retrieval', help: 'evaluate chunks made elsewhere (the JSONL `chunk` writes) instead of running a chunker' },
  { name: 'k', type: 'int', commands: ['eval', 'agreement', 'tune'], min: 1, default: 10, value: '<n>', group: 'retrieval', help: 'units retrieved per question' },
  { name: 'filter', type: 'list', commands: ['eval'], value: 'key=value', group: 'retrieval', help: 'search only documents whose metadata has this value (repeat for more)', check: checkFilter },
  { name: 'budget', type: 'int', commands: ['eval'], min: 1, value: '<tokens>', group: 'retrieval', defaultText: '1024', help: 'the context budget of hit@budget and recall@budget' },
  { name: 'scope', type: 'enum', commands: ['eval'], options: ['corpus', 'document'], value: '<scope>', group: 'retrieval', defaultText: 'corpus', help: "document: search each question only among its gold document's units" },
  { name: 'reviewed-only', type: 'boolean', commands: ['eval', 'tune'], group: 'retrieval', help: 'leave out generated questions nobody has accepted yet' },
  { name: 'rerank', type: 'string', commands: ['eval'], value: '<dir-or-id>', group: 'reranking', help: 'a cross-encoder folder or Hub id already on disk that rescores the first hits' },
  { name: 'rerank-top', type: 'int', commands: ['eval'], min: 1, needs: ['rerank'], value: '<n>', group: 'reranking', defaultText: '50', help: 'how many first hits the cross-encoder rescores' },

  // ---- an embedding service (eval)
  { name: 'embedder', type: 'string', commands: ['eval'], conflicts: ['model'], check: (v, flag) => void parseEmbedderSpec(v, flag), value: 'openai:<model>|cohere:<model>|voyage:<model>|jina:<model>', group: 'embedding service', help: 'vectors from a service instead of a local model' },
  { name: 'embed-base-url', type: 'string', commands: ['eval'], needs: ['embedder'], value: '<url>', group: 'embedding service', help: 'an OpenAI-compatible server (with its /v1)' },
  { name: 'dimensions', type: 'int', commands: ['eval'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'shorter vectors (Matryoshka models)' },
  { name: 'embed-batch', type: 'int', commands: ['eval'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'texts per call' },
  { name: 'embed-concurrency', type: 'int', commands: ['eval'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'calls in flight' },
  { name: 'yes', type: 'boolean', commands: ['eval'], needs: ['embedder'], group: 'embedding service', help: 'skip the confirmation after the estimate (needed in scripts)' },

  // ---- generated context (eval)
  { name: 'context-model', type: 'string', commands: ['eval'], check: (v, flag) => void providerConfigFromSpec(v, {}, flag), value: 'openai:<model>|anthropic:<model>', group: 'generated context', help: 'write one sentence per chunk that situates it in its document' },
  { name: 'context-base-url', type: 'string', commands: ['eval'], needs: ['context-model'], value: '<url>', group: 'generated context', help: 'an OpenAI-compatible server for --context-model' },
  { name: 'context-tokens', type: 'int', commands: ['eval'], min: 0, needs: ['context-model', 'context-arm-baseline'], value: '<n>', group: 'generated context', defaultText: '60', help: 'tokens reserved for the sentence' },
  { name: 'context-cache', type: 'string', commands: ['eval'], needs: ['context-model'], value: '<dir>', group: 'generated context', defaultText: '.cache', help: "the sentences cache's folder" },
  { name: 'context-only-cached', type: 'boolean', commands: ['eval'], needs: ['context-model'], group: 'generated context', help: 'never call the model: every sentence must be cached' },
  { name: 'context-price', type: 'string', commands: ['eval'], needs: ['context-model'], check: checkPricing, value: '<in>,<out>[,<cached>]', group: 'generated context', help: 'dollars per million tokens, for the estimate' },
  { name: 'context-concurrency', type: 'int', commands: ['eval'], min: 1, needs: ['context-model'], value: '<n>', group: 'generated context', help: 'calls in flight' },
  { name: 'context-arm-baseline', type: 'boolean', commands: ['eval'], conflicts: ['context-model'], group: 'generated context', help: 'the paired arm without sentences: chunks cut at the same reduced cap' },

  // ---- per-document
  { name: 'metric', type: 'enum', commands: ['per-document', 'tune'], options: CHOICE_METRICS, default: 'hit@5', value: '<metric>', help: 'the per-question score the choice is made on' },
  { name: 'seed', type: 'int', commands: ['per-document'], min: 0, default: 1, value: '<n>', help: "seeds the split of each document's questions and the bootstrap" },
  { name: 'resamples', type: 'int', commands: ['per-document'], min: 0, max: 1000000, default: 2000, value: '<n>', help: 'bootstrap resamples of documents for the interval (0: none)' },
  { name: 'min-questions', type: 'int', commands: ['per-document'], min: 2, default: 2, value: '<n>', help: 'documents with fewer questions keep the single best configuration' },
  { name: 'recipe-out', type: 'string', commands: ['per-document'], value: '<file>', help: 'write the per-document recipe (JSON) here' },

  // ---- questions
  { name: 'per-document', type: 'int', commands: ['questions'], min: 1, conflicts: ['count'], value: '<n>', help: 'questions asked per document' },
  { name: 'count', type: 'int', commands: ['questions'], min: 1, value: '<n>', defaultText: '20 without --per-document', help: 'questions asked across the documents' },
  { name: 'language', type: 'enum', commands: ['questions'], options: ['pt', 'en', 'auto'], default: 'auto', value: '<lang>', help: "the questions' language" },
  { name: 'seed', type: 'int', commands: ['questions'], min: 0, default: 0, value: '<n>', help: 'which passages are sampled' },
  { name: 'kinds', type: 'list', commands: ['questions'], split: ',', options: ['plain', 'paraphrase', 'twin'], default: ['plain'], value: '<kind>,…', help: 'kinds of questions asked' },
  { name: 'per-call', type: 'int', commands: ['questions'], min: 1, value: '<n>', help: 'questions asked per call' },
  { name: 'price', type: 'string', commands: ['questions'], check: checkPricing, value: '<in>,<out>', help: 'dollars per million prompt and answer tokens, for the estimate' },
  { name: 'cache-dir', type: 'string', commands: ['questions'], default: '.cache', value: '<dir>', help: "the answers cache's folder (questions.jsonl in it)" },
  // ---- OCR of scanned PDF pages (src/node/ocr)
  { name: 'ocr', type: 'enum', commands: ['convert', 'chunk', 'eval', 'batch'], options: OCR_MODES, default: 'auto', value: '<mode>', help: 'read PDF pages by OCR: auto (pages with no text layer), always (every page) or never (a scan is refused)' },
  { name: 'ocr-lang', type: 'string', commands: ['convert', 'chunk', 'eval', 'batch'], check: checkOcrLanguages, default: DEFAULT_OCR_LANG, value: '<codes>', help: 'Tesseract languages tried together, joined by "+" (each from the npm package @tesseract.js-data/<code>)' },
  { name: 'out', type: 'string', commands: ['convert'], value: '<file.md>', help: 'write the Markdown here (written whole or not at all) instead of to stdout' },
  { name: 'pages', type: 'boolean', commands: ['convert'], needs: ['out'], help: 'also write the page map as JSON beside --out (<out>.pages.json)' },
  { name: 'out', type: 'string', commands: ['questions'], required: ['questions'], value: '<folder>', help: 'the ChunkLab folder written (new, or one written before)' },

  // ---- agreement (generated versus human questions)
  { name: 'generated', type: 'string', commands: ['agreement'], value: '<D>', group: 'agreement', defaultText: "--dataset's generated questions", help: 'the generated questions: a dataset about the same documents (every question of it counts)' },
  { name: 'chunkers', type: 'list', commands: ['agreement'], split: ',', options: AGREEMENT_CHUNKERS, default: DEFAULT_AGREEMENT_CHUNKERS, value: '<id>,…', group: 'agreement', help: "the grid's chunkers" },
  { name: 'sizes', type: 'list', commands: ['agreement'], split: ',', check: checkSize, default: DEFAULT_AGREEMENT_SIZES.map(String), value: '<n>,…', group: 'agreement', help: "the grid's caps in tokens" },
  { name: 'overlap', type: 'int', commands: ['agreement'], min: 0, default: 0, value: '<n>', group: 'agreement', help: 'tokens repeated between neighbouring chunks, in every configuration' },
  { name: 'metric', type: 'enum', commands: ['agreement'], options: AGREEMENT_METRICS, default: 'hit@5', value: '<metric>', group: 'agreement', help: 'the score configurations are ranked by' },
  { name: 'resample', type: 'enum', commands: ['agreement'], options: ['document', 'question'], default: 'document', value: '<unit>', group: 'agreement', help: 'what the bootstrap draws: whole documents (their questions together) or single questions' },
  { name: 'resamples', type: 'int', commands: ['agreement'], min: 100, max: 100000, default: 2000, value: '<n>', group: 'agreement', help: 'bootstrap resamples' },
  { name: 'seed', type: 'int', commands: ['agreement'], min: 0, default: 1, value: '<n>', group: 'agreement', help: "the bootstrap's seed (same seed, same interval)" },

  // ---- tune
  { name: 'max-runs', type: 'int', commands: ['tune'], min: 1, max: 1000, default: 24, conflicts: ['minutes'], value: '<n>', group: 'tune', help: 'at most this many search runs (a configuration scored on one stage\'s questions)' },
  { name: 'minutes', type: 'number', commands: ['tune'], min: 0.01, value: '<m>', group: 'tune', help: 'search until this much time has passed instead of counting runs (the best scored so far is kept)' },
  { name: 'chunkers', type: 'list', commands: ['tune'], split: ',', options: AGREEMENT_CHUNKERS, default: DEFAULT_TUNE_CHUNKERS, value: '<id>,…', group: 'tune', help: 'the chunkers searched' },
  { name: 'sizes', type: 'list', commands: ['tune'], split: ',', check: checkSize, default: DEFAULT_TUNE_SIZES.map(String), value: '<n>,…', group: 'tune', help: 'the caps in tokens searched' },
  { name: 'seed', type: 'int', commands: ['tune'], min: 0, default: 1, value: '<n>', group: 'tune', help: 'seeds the split into choosing and estimating halves, the samples and the intervals' },
  { name: 'out', type: 'string', commands: ['tune'], value: '<recipe.json>', group: 'tune', help: 'write the pick as a recipe (eval --recipe, batch, serve --stdio)' },

  // ---- batch and serve
  { name: 'recipe', type: 'string', commands: ['batch', 'serve'], required: ['batch', 'serve'], value: '<file>', help: 'a recipe file, a results file or its config' },
  { name: 'input', type: 'string', commands: ['batch'], required: ['batch'], value: '<folder|.jsonl|.parquet>', help: 'the documents' },
  { name: 'out', type: 'string', commands: ['batch'], required: ['batch'], value: '<folder>', help: 'the output folder (new, or an interrupted run to resume)' },
  { name: 'workers', type: 'int', commands: ['batch'], min: 1, value: '<n>', defaultText: 'one per core', help: 'workers chunking at once' },
  { name: 'pool', type: 'enum', commands: ['batch'], options: ['processes', 'threads'], default: 'threads', value: '<kind>', help: 'workers as worker threads of one process, or as child processes (each its own V8)' },
  { name: 'jsonl', type: 'boolean', commands: ['batch'], help: 'also write chunks.jsonl' },
  { name: 'no-parquet', type: 'boolean', commands: ['batch'], needs: ['jsonl'], conflicts: ['embedder'], help: 'no Parquet parts (chunks.jsonl only)' },
  { name: 'part-rows', type: 'int', commands: ['batch'], min: 1, default: 20000, value: '<n>', help: 'chunks per Parquet part (and per manifest commit)' },
  { name: 'tokenizer', type: 'string', commands: ['batch', 'serve'], value: '<dir>', help: "the folder of the recipe's tokenizer, when it is not the bundled one or a tiktoken encoding" },
  { name: 'stdio', type: 'boolean', commands: ['serve'], help: 'speak JSON lines on stdin/stdout (required: the only transport)' },
  { name: 'embedder', type: 'string', commands: ['batch'], check: (v, flag) => void parseEmbedderSpec(v, flag), value: 'openai:<model>|cohere:<model>|voyage:<model>|jina:<model>', group: 'embedding service', help: 'add a vector column from a service' },
  { name: 'embed-base-url', type: 'string', commands: ['batch'], needs: ['embedder'], value: '<url>', group: 'embedding service', help: 'an OpenAI-compatible server (with its /v1)' },
  { name: 'dimensions', type: 'int', commands: ['batch'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'shorter vectors (Matryoshka models)' },
  { name: 'embed-batch', type: 'int', commands: ['batch'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'texts per call' },
  { name: 'embed-concurrency', type: 'int', commands: ['batch'], min: 1, needs: ['embedder'], value: '<n>', group: 'embedding service', help: 'calls in flight' },
  { name: 'cache-dir', type: 'string', commands: ['batch'], needs: ['embedder'], conflicts: ['no-cache'], value: '<dir>', group: 'embedding service', defaultText: '.cache/embeddings', help: 'where vectors are cached' },
  { name: 'no-cache', type: 'boolean', commands: ['batch'], needs: ['embedder'], group: 'embedding service', help: 'neither read nor write the vector cache' },
  { name: 'yes', type: 'boolean', commands: ['batch'], needs: ['embedder'], group: 'embedding service', help: 'skip the confirmation after the estimate (needed in scripts)' },
  // ---- proxy
  { name: 'to', type: 'string', commands: ['proxy'], required: ['proxy'], check: relayCheck(parseTarget), value: '<url>', help: "the model server's base URL, e.g. http://192.168.0.10:11434 or http://gpu:8000/v1" },
  { name: 'port', type: 'int', commands: ['proxy'], min: 0, max: 65535, default: DEFAULT_RELAY_PORT, value: '<p>', help: 'port to listen on (0: any free port)' },
  { name: 'allow-origin', type: 'list', commands: ['proxy'], check: relayCheck(parseOrigin), value: '<origin>', defaultText: 'pages on this machine', help: "a page's origin (scheme://host[:port]) allowed to use the relay; repeat for more" },
  { name: 'host', type: 'string', commands: ['proxy'], default: '127.0.0.1', value: '<addr>', help: 'address to listen on; another than loopback lets other machines use the relay' },
  { name: 'quiet', type: 'boolean', commands: ['proxy'], help: 'no line per request (those lines never show headers, keys or queries)' },
] as const satisfies readonly FlagSpec[];

/** A relay option's own check (src/node/cors-relay.ts), its message an InputError naming the flag. */
function relayCheck(parse: (v: string) => unknown): (v: string, flag: string) => void {
  return (v, flag) => {
    try {
      parse(v);
    } catch (e) {
      throw new InputError((e as Error).message, flag);
    }
  };
}

/** --filter key=value: a key, an equals sign, and a key that cannot reach an object's prototype. */
function checkFilter(v: string, flag: string): void {
  const eq = v.indexOf('=');
  if (eq <= 0) throw new InputError(`must be key=value, got "${v}"`, flag);
  if (UNSAFE_KEYS.has(v.slice(0, eq))) throw new InputError(`"${v.slice(0, eq)}" cannot be a metadata key`, flag);
}

type Row = (typeof FLAGS)[number];
type ValueOf<R> = R extends { type: 'int' | 'number' }
  ? number
  : R extends { type: 'boolean' }
    ? boolean
    : R extends { type: 'list'; options: readonly (infer O)[] }
      ? readonly O[]
      : R extends { type: 'list' }
        ? readonly string[]
        : R extends { type: 'enum'; options: readonly (infer O)[] }
          ? O
          : string;
/** Always has a value for command C: a boolean, a default, or required there. */
type Always<R, C> = R extends { type: 'boolean' } ? true : R extends { default: unknown } ? true : R extends { required: readonly (infer Q)[] } ? (C extends Q ? true : false) : false;

/** The values of command C's flags, typed from the table (an int is a number, a list a string array). */
export type FlagValues<C extends CommandName> = {
  readonly [R in Row as C extends R['commands'][number] ? R['name'] : never]: ValueOf<R> | (Always<R, C> extends true ? never : undefined);
};

/** The rows of one command, by name. */
export function flagsOf(command: CommandName): Map<string, FlagSpec> {
  const out = new Map<string, FlagSpec>();
  for (const f of FLAGS as readonly FlagSpec[]) if (f.commands.includes(command)) out.set(f.name, f);
  return out;
}
