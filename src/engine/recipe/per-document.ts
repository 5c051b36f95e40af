// The per-document recipe: which configuration of a grid each document should be chunked with (the
// per-document choice of evaluation/per-document.ts, made on all of a document's questions), each
// configuration as a full recipe that `batch --recipe` and `serve --stdio` take, and the single best
// configuration for documents the choice has not seen. docs/CONTRACT.md describes the file.
import { InputError } from '../types.ts';
import type { PerDocumentResult } from '../evaluation/index.ts';
import { makeRecipe, parseRecipe, type Recipe } from './recipe.ts';

export const PER_DOCUMENT_RECIPE_FORMAT = 'chunklab-per-document-recipe';
export const PER_DOCUMENT_RECIPE_VERSION = 1;

export interface PerDocumentConfiguration {
  /** The chunking recipe, or null when this configuration has none (chunks made elsewhere, a generated context). */
  recipe: Recipe | null;
  /** Why there is no recipe. */
  reason?: string;
  /** The retriever the configuration was scored with (informative: a recipe decides the chunks only). */
  retriever?: unknown;
}

export interface PerDocumentRecipe {
  format: typeof PER_DOCUMENT_RECIPE_FORMAT;
  version: typeof PER_DOCUMENT_RECIPE_VERSION;
  /** The per-question score the choice was made on. */
  metric: string;
  /** The single best configuration: for every document not listed in `documents`. */
  default: string;
  /** Configurations by name. */
  configurations: Record<string, PerDocumentConfiguration>;
  /** Document id → configuration name, for every document of the question set. */
  documents: Record<string, string>;
  /** What the choice is worth (informative): the cross-fitted gain with its 95% interval, and the in-sample one. */
  gain: { estimate: number; interval: [number, number]; inSample: number; seed: number; resamples: number; questions: number; documents: number };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A configuration's recipe from its results config, or the reason it has none. */
function recipeOfConfig(config: Record<string, unknown>, name: string, defaultTokenizer: string): PerDocumentConfiguration {
  const retriever = config.retriever;
  try {
    return { recipe: parseRecipe(JSON.stringify(config), name, defaultTokenizer), ...(retriever !== undefined ? { retriever } : {}) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { recipe: null, reason: e.message, ...(retriever !== undefined ? { retriever } : {}) };
  }
}

/**
 * The recipe file of a per-document choice. `configs[c]` is the results `config` of configuration c
 * (`result.names[c]`); `defaultTokenizer` names the tokenizer of a config that records none.
 */
export function makePerDocumentRecipe(
  result: PerDocumentResult,
  configs: readonly Record<string, unknown>[],
  opts: { metric: string; defaultTokenizer: string },
): PerDocumentRecipe {
  if (configs.length !== result.names.length) throw new InputError(`${configs.length} configs for ${result.names.length} configurations`, 'per-document recipe');
  const used = new Set([result.single.all, ...result.perDocument.map((d) => d.chosen)]);
  return {
    format: PER_DOCUMENT_RECIPE_FORMAT,
    version: PER_DOCUMENT_RECIPE_VERSION,
    metric: opts.metric,
    default: result.names[result.single.all],
    // Object.fromEntries defines own properties: a document id such as "__proto__" stays a key.
    configurations: Object.fromEntries([...used].sort((a, b) => a - b).map((c) => [result.names[c], recipeOfConfig(configs[c], result.names[c], opts.defaultTokenizer)])),
    documents: Object.fromEntries(result.perDocument.map((d) => [d.docId, result.names[d.chosen]])),
    gain: {
      estimate: result.gain.estimate,
      interval: result.gain.interval,
      inSample: result.inSample.gain,
      seed: result.seed,
      resamples: result.gain.resamples,
      questions: result.questions,
      documents: result.documents,
    },
  };
}

/** The file as written: two-space JSON, newline at the end. */
export function formatPerDocumentRecipe(r: PerDocumentRecipe): string {
  return JSON.stringify(r, null, 2) + '\n';
}

/** Reads and checks a per-document recipe file; every recipe in it is checked as `batch` checks one. */
export function parsePerDocumentRecipe(text: string, where: string): PerDocumentRecipe {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new InputError(`malformed JSON: ${e instanceof Error ? e.message : e}`, where);
  }
  if (!isObj(o) || o.format !== PER_DOCUMENT_RECIPE_FORMAT) throw new InputError(`not a per-document recipe: expected {"format": "${PER_DOCUMENT_RECIPE_FORMAT}", ...}`, where);
  if (o.version !== PER_DOCUMENT_RECIPE_VERSION) throw new InputError(`per-document recipe version ${JSON.stringify(o.version)} is not one this ChunkLab reads (${PER_DOCUMENT_RECIPE_VERSION})`, where);
  if (!isObj(o.configurations)) throw new InputError('"configurations" must be an object', where);
  if (!isObj(o.documents)) throw new InputError('"documents" must be an object', where);
  const configurations: Record<string, PerDocumentConfiguration> = {};
  for (const [name, c] of Object.entries(o.configurations)) {
    if (!isObj(c)) throw new InputError(`configuration "${name}" must be an object`, where);
    const recipe = c.recipe === null ? null : isObj(c.recipe) ? makeRecipe(c.recipe as Parameters<typeof makeRecipe>[0], `${where}: configuration "${name}"`) : undefined;
    if (recipe === undefined) throw new InputError(`configuration "${name}" needs a "recipe" (an object, or null)`, where);
    Object.defineProperty(configurations, name, { value: { ...c, recipe }, enumerable: true, writable: true, configurable: true });
  }
  const names = new Set(Object.keys(configurations));
  if (typeof o.default !== 'string' || !names.has(o.default)) throw new InputError(`"default" must name one of the configurations, got ${JSON.stringify(o.default)}`, where);
  for (const [docId, name] of Object.entries(o.documents)) {
    if (typeof name !== 'string' || !names.has(name)) throw new InputError(`document "${docId}" names no configuration of the file (${JSON.stringify(name)})`, where);
  }
  return { ...(o as unknown as PerDocumentRecipe), configurations };
}

/** The recipe a document is chunked with: its own configuration's, else the default's; null when that configuration has none. */
export function recipeForDocument(r: PerDocumentRecipe, docId: string): Recipe | null {
  const name = Object.hasOwn(r.documents, docId) ? r.documents[docId] : r.default;
  return Object.hasOwn(r.configurations, name) ? r.configurations[name].recipe : null;
}
