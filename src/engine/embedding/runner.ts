// The model runner: the one seam between the engine's embedding math and an inference runtime.
// The browser worker implements it with transformers.js/onnxruntime-web, the CLI with
// onnxruntime-node; tests can implement it with anything that returns last_hidden_state.
import type { TextTokenizer } from '../types.ts';

/** One padded batch, row-major: every row has the same length (the batch's longest sequence). */
export interface RunnerBatch {
  inputIds: number[][];
  /** 1 for real tokens, 0 for padding. */
  attentionMask: number[][];
  /** Segment ids; all 0 for single-sequence inputs. Runners drop it when the model has no such input. */
  tokenTypeIds?: number[][];
}

/** The model's last_hidden_state: `data` is [batch, seq, hidden] row-major. */
export interface RunnerOutput {
  data: Float32Array;
  dims: [number, number, number];
}

export interface ModelRunner {
  run(batch: RunnerBatch): Promise<RunnerOutput>;
  /** Frees the runtime's resources, when it has any. */
  dispose?(): Promise<void>;
}

/** What every embedding pass needs about its model: the runner, its tokenizer, the special ids and the input limit. */
export interface ModelInputOptions {
  runner: ModelRunner;
  tokenizer: TextTokenizer;
  /** Id of the token put first ([CLS], <s>) and last ([SEP], </s>). */
  clsId: number;
  sepId: number;
  /** Padding id (0 for BERT vocabularies, 1 for XLM-R's). Masked out, so it only needs to be valid. */
  padId?: number;
  /** Input limit in tokens, special tokens included. */
  maxTokens: number;
}

/** Throws the standard AbortError when `signal` is aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
  }
}
