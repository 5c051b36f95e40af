// ChunkLab's engine as a library (`import … from 'chunklab'`): the same document parsers, tokenizers
// and chunkers the page and the CLI run, so a configuration copied from a results file (`config`)
// gives the same chunks in your own pipeline. Pure ESM with no Node imports: works in Node and in
// browsers (bundlers). Node helpers that read folders from disk are in 'chunklab/node'.
// This file only chooses what is public; the code lives in src/engine.

// Documents: Markdown, plain text and HTML → a Doc (text + blocks with UTF-16 offsets).
export { parseDocument, formatFromName, sniffFormat, docUnits, sections, sentenceSpans, guessLanguage } from '../engine/documents/index.ts';
export type { ParseInput, Section } from '../engine/documents/index.ts';

// Tokenizers: exact counts and character spans for Hugging Face tokenizer.json files.
export { createTokenizer, loadTokenizerFromUrl } from '../engine/tokens/index.ts';
export type { AlignedTokenizer, CreateOptions, TokenizerFamily } from '../engine/tokens/index.ts';

// Chunkers: one entry point for every strategy, with the registry's defaults and checks.
export { chunkDocument, chunkCorpus, resolveParams, CHUNKERS, CHUNKER_IDS, MAX_TOKENS_LIMIT } from '../engine/chunkers/index.ts';
export type { ChunkParams, ChunkerInfo, ParamSpec } from '../engine/chunkers/index.ts';
// The semantic chunker's vectors when no model is at hand (what the CLI uses without --model).
export { lexicalEmbedderFor, LEXICAL_EMBEDDER_ID } from '../engine/embedding/index.ts';

// Files: results (to read a run's `config`), chunks as JSON Lines, datasets.
export { readResults, writeResults, readChunksJsonl, writeChunksJsonl, readSquad, readChromaFolder, readChunklabFolder } from '../engine/formats/index.ts';
export { offsetMap } from '../engine/util/index.ts';
export type { OffsetMap } from '../engine/util/index.ts';
export type { ChunkLine, Dataset } from '../engine/evaluation/index.ts';
export type { ResultsFile } from '../engine/evaluation/index.ts';

// Whole experiments (chunk, index, retrieve, score), as `eval` runs them.
export { runExperiment, parseDataset } from '../engine/evaluation/index.ts';
export type { ExperimentConfig, ExperimentDeps } from '../engine/evaluation/index.ts';
export { Bm25Retriever } from '../engine/retrieval/index.ts';

// Recipes: the chunking chosen in the page as a file; one document through it exactly as `batch` and
// `serve --stdio` cut it (code-point offsets, deterministic ids).
export { parseRecipe, makeRecipe, recipeHash, formatRecipe, chunkWithRecipe, recipeDocumentOf, RECIPE_FORMAT } from '../engine/recipe/index.ts';
export type { Recipe, ChunkRow, RecipeDocument } from '../engine/recipe/index.ts';
// The per-document recipe (`per-document --recipe-out`): each document's recipe, the default for the rest.
export { parsePerDocumentRecipe, recipeForDocument, PER_DOCUMENT_RECIPE_FORMAT } from '../engine/recipe/index.ts';
export type { PerDocumentRecipe } from '../engine/recipe/index.ts';
export { choosePerDocument, choiceInputFromResults } from '../engine/evaluation/index.ts';
export type { PerDocumentResult, ChoiceInput, ChoiceMetric } from '../engine/evaluation/index.ts';

export { InputError } from '../engine/types.ts';
export type { Doc, DocFormat, DocMeta, Block, Unit, Span, Chunk, ChunkerId, ChunkerContext, TextTokenizer, TokenSpan, LintFlag } from '../engine/types.ts';
