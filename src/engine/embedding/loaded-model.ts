// A loaded embedding model as the routines that run it see it, wherever it was loaded (the browser's
// embedding worker, workers/embed-runner.ts; Node, src/node/model.ts): one record, and the functions
// that hand its parts to the embedder and to late chunking, instead of the runner, tokenizer, special
// token ids and limit written out at every call.
import type { TextTokenizer } from '../types.ts';
import type { ModelInfo } from './catalogue.ts';
import type { ModelRunner } from './runner.ts';
import type { SpecialTokens } from './special-tokens.ts';

export interface LoadedModelParts extends SpecialTokens {
  runner: ModelRunner;
  tokenizer: TextTokenizer;
  info: Pick<ModelInfo, 'maxTokens' | 'pooling' | 'prefixes'>;
}

/** The model's part of the embedder's and late chunking's options (EmbedderOptions, LateChunkOptions, LateCorpusOptions). */
export function modelParts(m: LoadedModelParts): SpecialTokens & { runner: ModelRunner; tokenizer: TextTokenizer; maxTokens: number } {
  return { runner: m.runner, tokenizer: m.tokenizer, clsId: m.clsId, sepId: m.sepId, padId: m.padId, maxTokens: m.info.maxTokens };
}

/** The model's part of an embedder's options: modelParts with its pooling and query/passage prefixes. */
export function embedderParts(m: LoadedModelParts): ReturnType<typeof modelParts> & Pick<ModelInfo, 'pooling' | 'prefixes'> {
  return { ...modelParts(m), pooling: m.info.pooling, prefixes: m.info.prefixes };
}
