// The engine worker's part of the inspector's hand edits: one open EditSession (src/engine/edit) at a
// time, named by a token the page keeps; the page's embedding model (a Comlink hook, released after
// every call) is handed in again with each call that may embed.
import { EditSession, type DocEdit } from '../src/engine/edit/index.ts';
import type { ResultsFile } from '../src/engine/evaluation/index.ts';
import type { EmbeddingSource } from '../src/engine/retrieval/index.ts';
import type { ParseInput } from '../src/engine/documents/index.ts';
import { InputError, type TextTokenizer } from '../src/engine/types.ts';
import type { ChunkHooks, EditApi, Progress } from './engine-api.ts';

let open: { token: string; session: EditSession } | null = null;
let counter = 0;
/** The page's model for the call in progress (undefined between calls). */
let embedNow: ChunkHooks['embed'] | undefined;

const source: EmbeddingSource = {
  embed: (texts, kind) => {
    if (!embedNow) throw new InputError('this run needs the page\'s embedding model, and none was handed over', 'edit', { code: 'edit-needs-model' });
    return embedNow(texts, kind);
  },
};

function sessionOf(token: string): EditSession {
  if (!open || open.token !== token) throw new InputError('the edited run is no longer open in this worker', 'edit', { code: 'edit-session-gone' });
  return open.session;
}

async function withHooks<T>(hooks: ChunkHooks | undefined, fn: () => Promise<T>): Promise<T> {
  embedNow = hooks ? (texts, kind) => hooks.embed!(texts, kind) : undefined;
  try {
    return await fn();
  } finally {
    embedNow = undefined;
  }
}

export function editApi(tokenizer: () => Promise<TextTokenizer>, release: (cb: unknown) => void): EditApi {
  return {
    async editOpen(documents: ParseInput[], run: ResultsFile, opts, onProgress?: Progress, hooks?: ChunkHooks) {
      try {
        open = null;
        const tok = await tokenizer();
        const kind = (run.config.retriever as { kind?: string } | undefined)?.kind ?? 'bm25';
        const session = await withHooks(hooks, () =>
          EditSession.open(documents, run, {
            tokenizer: tok,
            source: kind !== 'bm25' && hooks && !opts.bm25Instead ? source : undefined,
            bm25Instead: opts.bm25Instead,
            onProgress: onProgress ? (f) => void onProgress(f) : undefined,
          }),
        );
        const token = `edit-${++counter}-${Date.now()}`;
        open = { token, session };
        return { session: token, retriever: opts.bm25Instead ? 'bm25' : kind, metrics: session.baseline.metrics };
      } finally {
        release(onProgress);
        release(hooks);
      }
    },
    editChunks: (token, docId) => sessionOf(token).chunksOf(docId),
    async editScore(token, edits: DocEdit[], onProgress?: Progress, hooks?: ChunkHooks) {
      try {
        const s = sessionOf(token);
        return await withHooks(hooks, () => s.score(edits, undefined, onProgress ? (f) => void onProgress(f) : undefined));
      } finally {
        release(onProgress);
        release(hooks);
      }
    },
    editResults: (token, edits) => sessionOf(token).results(edits),
  };
}
