// What a contextual-retrieval run reports: progress per chunk, and why a sentence was shortened or left out.

/** Progress of a generation run: `done` counts chunks finished (from cache or by a call) out of `total`. */
export interface ContextProgress {
  done: number;
  total: number;
  /** Of `done`, how many came from the cache. */
  cached: number;
  /** Calls made so far in this run. */
  calls: number;
}

/** Why a sentence was shortened or left out when it was put on a chunk. */
export interface FitNote {
  chunkId: string;
  /** 'cut': shortened at a word boundary; 'dropped': no room at all (or nothing usable was written). */
  kind: 'cut' | 'dropped';
  /** Tokens of the sentence as generated, and as kept. */
  generatedTokens: number;
  keptTokens: number;
}
