// What every strategy file declares about itself: id, labels and summary in Portuguese and English, its
// parameters (type, default, bounds, help), an optional cross-parameter check, and its chunk function.
// The shared parameter specs (maxTokens, overlap, header, level) live here so they read the same everywhere.

import type { Chunk, Chunker, ChunkerContext, ChunkerId, CommonParams, Doc } from '../../types.ts';

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

export interface ChunkerInfo<P extends CommonParams = CommonParams> {
  id: ChunkerId;
  chunker: Chunker<P>;
  label: Localized;
  /** Two lines: what it does, when to use it. */
  summary: Localized;
  params: ParamSpec[];
  /** What the chunker needs besides a tokenizer: vectors (ctx.embed) or a language model (ctx.generator). */
  needs?: 'embedder' | 'generator';
  /**
   * Checks between parameters after each one passed its own bounds. `given` holds what the caller
   * passed, `resolved` the values with defaults. Throws InputError naming the parameter.
   */
  check?(resolved: Record<string, unknown> & { maxTokens: number }, given: Record<string, unknown>): void;
}

export interface ChunkerDefinition<P extends CommonParams> extends Omit<ChunkerInfo<P>, 'chunker'> {
  chunk(doc: Doc, params: P, ctx: ChunkerContext): Chunk[] | Promise<Chunk[]>;
}

/** A strategy file's export: its metadata with the chunker object the registry and the runner use. */
export function defineChunker<P extends CommonParams>(def: ChunkerDefinition<P>): ChunkerInfo<P> {
  const { chunk, ...info } = def;
  return { ...info, chunker: { id: def.id, chunk } };
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
