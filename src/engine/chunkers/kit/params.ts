// What every strategy file declares about itself: id, labels and summary in Portuguese and English, its
// parameters (type, default, bounds, help), an optional cross-parameter check, and its chunk function.
// The shared parameter specs (maxTokens, overlap, header, level) live here so they read the same everywhere.

import { InputError, type Chunk, type Chunker, type ChunkerContext, type ChunkerId, type CommonParams, type Doc } from '../../types.ts';

export interface Localized {
  pt: string;
  en: string;
}

export interface ParamSpec {
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum';
  default: number | boolean | string;
  min?: number;
  max?: number;
  options?: string[];
  help: Localized;
}

/** Cross-parameter checks, resolved: values with defaults, given: what the caller passed. Throws InputError. */
export type ParamCheck = (resolved: Record<string, unknown> & { maxTokens: number }, given: Record<string, unknown>) => void;

/** The chunker object: functions only here, so the rest of ChunkerInfo is plain data a worker can post. */
export interface StrategyChunker<P extends CommonParams> extends Chunker<P> {
  check?: ParamCheck;
}

export interface ChunkerInfo<P extends CommonParams = CommonParams> {
  id: ChunkerId;
  chunker: StrategyChunker<P>;
  label: Localized;
  /** Two lines: what it does, when to use it. */
  summary: Localized;
  params: ParamSpec[];
  /** What the chunker needs besides a tokenizer: vectors (ctx.embed) or a language model (ctx.generator). */
  needs?: 'embedder' | 'generator';
  /**
   * A baseline: another library's splitter run with its own code (the npm package named), sized in
   * ChunkLab's tokenizer. Its chunks are the library's as they are: no prefix, and the cap is the
   * library's chunkSize, which it may exceed where it cannot split.
   */
  baseline?: { readonly library: string; readonly splitter: string };
}

export interface ChunkerDefinition<P extends CommonParams> extends Omit<ChunkerInfo<P>, 'chunker'> {
  chunk(doc: Doc, params: P, ctx: ChunkerContext): Chunk[] | Promise<Chunk[]>;
  /** Checks between parameters after each one passed its own bounds; throws InputError naming the parameter. */
  check?: ParamCheck;
}

/** A strategy file's export: its metadata (plain data) with the chunker object (its functions). */
export function defineChunker<P extends CommonParams>(def: ChunkerDefinition<P>): ChunkerInfo<P> {
  const { chunk, check, ...info } = def;
  return { ...info, chunker: check ? { id: def.id, chunk, check } : { id: def.id, chunk } };
}

/** Largest cap accepted, in tokens (long-context embedding models go to 8192). */
export const MAX_TOKENS_LIMIT = 8192;

export const maxTokensParam = (def: number, help?: Localized): ParamSpec => ({
  name: 'maxTokens',
  type: 'int',
  default: def,
  min: 8,
  max: MAX_TOKENS_LIMIT,
  help: help ?? {
    pt: 'Limite rígido de tokens por chunk (prefixo incluído), contados no tokenizador do modelo, sem tokens especiais.',
    en: "Hard cap on tokens per chunk (prefix included), counted with the model's tokenizer, without special tokens.",
  },
});

export const overlapParam = (help: Localized): ParamSpec => ({
  name: 'overlap',
  type: 'int',
  default: 0,
  min: 0,
  max: MAX_TOKENS_LIMIT - 1,
  help,
});

export const headerParam: ParamSpec = {
  name: 'header',
  type: 'boolean',
  default: false,
  help: {
    pt: 'Prefixa cada chunk com "Título > Seção > Subseção | versão"; os tokens do cabeçalho contam no limite.',
    en: 'Prefix every chunk with "Title > Section > Subsection | version"; the header\'s tokens count in the cap.',
  },
};

export const levelParam = (def: number, help: Localized): ParamSpec => ({ name: 'level', type: 'int', default: def, min: 1, max: 6, help });

export const wholePiecesOverlap = overlapParam({
  pt: 'Tokens repetidos do fim de um chunk no início do seguinte, sempre em pedaços inteiros (0 = sem sobreposição).',
  en: 'Tokens repeated from the end of a chunk at the start of the next, always as whole pieces (0 = none).',
});

export const ignoredOverlap = overlapParam({ pt: 'Ignorado por este chunker.', en: 'Ignored by this chunker.' });

/** The grouping chunkers' default minimum group size (semantic, llm). */
export const DEFAULT_MIN_TOKENS = 32;

/**
 * The grouping chunkers' minTokens check. The default is clamped to half the cap like any value, so
 * maxTokens 32 works with a form that sends every default; another value at or above the cap is a
 * mistake worth saying.
 */
export const checkMinTokens: ParamCheck = (resolved, given) => {
  const max = resolved.maxTokens;
  if (given.minTokens !== undefined && given.minTokens !== DEFAULT_MIN_TOKENS && (resolved.minTokens as number) >= max) {
    throw new InputError(`must be smaller than maxTokens (${max}), got ${resolved.minTokens}`, 'parameter minTokens');
  }
};
