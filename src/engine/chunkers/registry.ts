// The chunker registry: the list of strategies. Each strategy file carries its own id, labels, summary
// and parameters (see kit/params.ts); adding a chunker is one new file and one line here (plus its id
// in ChunkerId, which the check below enforces). The UI and the CLI read names and defaults from here.

import type { ChunkerId } from '../types.ts';
import type { ChunkerInfo } from './kit/index.ts';
import { fixed } from './fixed.ts';
import { chonkieRecursive } from './chonkie-recursive.ts';
import { langchainRecursive } from './langchain-recursive.ts';
import { llamaindexSentence } from './llamaindex-sentence.ts';
import { llm } from './llm.ts';
import { mastraMarkdown, mastraRecursive } from './mastra.ts';
import { recursive } from './recursive.ts';
import { semantic } from './semantic.ts';
import { sentenceWindow } from './sentence-window.ts';
import { sentences } from './sentences.ts';
import { smallToBig } from './small-to-big.ts';
import { structure } from './structure.ts';

export { MAX_TOKENS_LIMIT, type ChunkerInfo, type Localized, type ParamSpec } from './kit/index.ts';

/** Every strategy, in the order the page and the CLI list them; the baselines (other libraries' splitters) last. */
export const CHUNKER_LIST = [
  fixed,
  recursive,
  sentences,
  structure,
  semantic,
  smallToBig,
  sentenceWindow,
  llm,
  langchainRecursive,
  chonkieRecursive,
  llamaindexSentence,
  mastraRecursive,
  mastraMarkdown,
] as const;

type ListedId = (typeof CHUNKER_LIST)[number]['id'];
// Compile-time: the list and the ChunkerId union name the same strategies.
const _everyIdListed: [ChunkerId] extends [ListedId] ? true : never = true;
void _everyIdListed;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CHUNKERS = Object.fromEntries(CHUNKER_LIST.map((c) => [c.id, c])) as unknown as Record<ChunkerId, ChunkerInfo<any>>;

export const CHUNKER_IDS = CHUNKER_LIST.map((c) => c.id) as ChunkerId[];

/** The ids of the baselines: other libraries' splitters run with their own code. */
export const BASELINE_IDS = CHUNKER_LIST.filter((c) => 'baseline' in c && c.baseline).map((c) => c.id) as ChunkerId[];

/** The library behind a baseline chunker ("@langchain/textsplitters RecursiveCharacterTextSplitter"), or null. */
export function baselineOf(id: string): string | null {
  const b = (CHUNKERS as Record<string, ChunkerInfo | undefined>)[id]?.baseline;
  return b ? `${b.library} ${b.splitter}` : null;
}
