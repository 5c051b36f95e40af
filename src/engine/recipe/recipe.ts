// A recipe: everything that decides the chunks (chunker, its parameters with defaults filled in, the
// tokenizer that counts sizes, what gives the semantic chunker its vectors) and the library version
// that made it, as a small JSON file. The page exports one ("use this configuration"), `batch` and
// `serve --stdio` read it; a results file (or its `config`) is accepted as a recipe too.
import { InputError, type ChunkerId } from '../types.ts';
import { CHUNKER_IDS, resolveParams } from '../chunkers/index.ts';
import { LEXICAL_EMBEDDER_ID } from '../embedding/lexical.ts';
import { hash64 } from '../util/index.ts';
import { canonicalJson } from './canonical.ts';

export const RECIPE_FORMAT = 'chunklab-recipe';
export const RECIPE_VERSION = 1;

export interface Recipe {
  format: typeof RECIPE_FORMAT;
  version: typeof RECIPE_VERSION;
  chunker: ChunkerId;
  /** Every parameter, defaults included (resolveParams'), header fields included. */
  params: Record<string, unknown> & { maxTokens: number };
  /** The tokenizer that counts sizes, by name: the bundled one's folder name, a tiktoken encoding, or a tokenizer folder's name. */
  tokenizer: string;
  /** The semantic chunker's vectors: 'lexical-tfidf' (no model). Absent for the other chunkers. */
  semanticEmbedder?: string;
  /** The ChunkLab version that wrote the recipe (informative: a different one may cut differently). */
  library?: string;
}

/** The fields that decide the chunks, hashed: the same recipe on any machine gives the same hash. */
export function recipeHash(r: Recipe): string {
  return hash64(canonicalJson({ chunker: r.chunker, params: r.params, tokenizer: r.tokenizer, semanticEmbedder: r.semanticEmbedder ?? null }));
}

/** A recipe from its parts, parameters checked and completed with the registry's defaults. */
export function makeRecipe(p: { chunker: string; params: Record<string, unknown>; tokenizer: string; semanticEmbedder?: string; library?: string; header?: unknown }, where = 'recipe'): Recipe {
  if (typeof p.chunker !== 'string' || !(CHUNKER_IDS as string[]).includes(p.chunker)) {
    throw new InputError(`"chunker" must be one of ${CHUNKER_IDS.join(', ')}, got ${JSON.stringify(p.chunker)}`, where);
  }
  if (p.chunker === 'llm') throw new InputError('the llm chunker asks a language model for every window: it cannot be a batch recipe', where);
  if (!p.params || typeof p.params !== 'object' || Array.isArray(p.params)) throw new InputError('"params" must be an object', where);
  const raw: Record<string, unknown> = { ...p.params };
  if (p.header !== undefined && p.header !== null) raw.header = p.header;
  let params: Recipe['params'];
  try {
    params = resolveParams(p.chunker, raw);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.message, where);
    throw e;
  }
  if (typeof p.tokenizer !== 'string' || !p.tokenizer) throw new InputError('"tokenizer" must name the tokenizer that counts sizes', where);
  const recipe: Recipe = { format: RECIPE_FORMAT, version: RECIPE_VERSION, chunker: p.chunker as ChunkerId, params, tokenizer: p.tokenizer };
  if (p.chunker === 'semantic') {
    const e = p.semanticEmbedder ?? LEXICAL_EMBEDDER_ID;
    if (e !== LEXICAL_EMBEDDER_ID) {
      throw new InputError(`the semantic chunker's vectors came from "${e}": batch and serve give it only the lexical embedder ("${LEXICAL_EMBEDDER_ID}")`, where);
    }
    recipe.semanticEmbedder = e;
  }
  if (typeof p.library === 'string') recipe.library = p.library;
  return recipe;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a recipe from JSON text: a recipe file, a results file (its `config`), or a bare `config`.
 * `defaultTokenizer` names the tokenizer a results file used when it records none (the bundled one).
 */
export function parseRecipe(text: string, where: string, defaultTokenizer: string): Recipe {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new InputError(`malformed JSON: ${e instanceof Error ? e.message : e}`, where);
  }
  if (!isObj(o)) throw new InputError('a recipe must be a JSON object', where);
  if (o.format === RECIPE_FORMAT) {
    if (o.version !== RECIPE_VERSION) throw new InputError(`recipe version ${JSON.stringify(o.version)} is not one this ChunkLab reads (${RECIPE_VERSION})`, where);
    return makeRecipe(o as Parameters<typeof makeRecipe>[0], where);
  }
  const config = o.format === 'chunklab-results' ? o.config : o;
  if (!isObj(config) || typeof config.chunker !== 'string') {
    throw new InputError(`not a recipe: expected {"format": "${RECIPE_FORMAT}", ...}, a results file or its "config"`, where);
  }
  if (config.chunker === 'external') throw new InputError('these results scored chunks made elsewhere (chunker "external"): there is no recipe to rerun', where);
  if (config.context) throw new InputError('these results put a generated context sentence before each chunk: a recipe cannot rerun a language model', where);
  // The inspector's hand edits (config.edited): the chunker and params are the original run's, so a
  // recipe would give the chunks before the edits, not the ones these results scored.
  if (config.edited !== undefined) throw new InputError("these results scored chunk boundaries edited by hand in the inspector: a recipe would give the original run's chunks, not the edited ones", where);
  const retriever = isObj(config.retriever) ? config.retriever : {};
  const tokenizer =
    typeof config.tokenizer === 'string' ? config.tokenizer : typeof retriever.modelId === 'string' ? retriever.modelId : defaultTokenizer;
  return makeRecipe(
    {
      chunker: config.chunker,
      params: isObj(config.params) ? config.params : {},
      header: config.header,
      tokenizer,
      semanticEmbedder: typeof config.semanticEmbedder === 'string' ? config.semanticEmbedder : undefined,
    },
    where,
  );
}

/** The recipe as its file holds it (two-space JSON, newline at the end). */
export function formatRecipe(r: Recipe): string {
  return JSON.stringify(r, null, 2) + '\n';
}
