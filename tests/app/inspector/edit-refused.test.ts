// The inspector's hand edits (src/app/inspector/edit-state.svelte.ts), page side: consecutive moves
// of one boundary count as one edit (the latest replaces the one before); when the engine refuses
// such a move (it would empty a chunk), the edit list goes back to what it was before that move, so
// the earlier, accepted position of the boundary is kept (not dropped with the refused one).
import { expect, test, vi } from 'vitest';

vi.hoisted(() => {
  // Svelte runes outside a Svelte build: plain values.
  const state = Object.assign(<T>(v: T): T => v, { raw: <T>(v: T): T => v, snapshot: <T>(v: T): T => structuredClone(v) });
  (globalThis as { $state?: unknown }).$state = state;
});

/** The worker's answers: every call goes to `answer(label, edits)`. */
const calls: { label: string; edits?: unknown }[] = [];
vi.mock('../../../src/app/bridge/engine.svelte.ts', () => {
  class CancelledError extends Error {}
  return {
    CancelledError,
    cancelEngine: () => undefined,
    progress: <T>(f: T) => f,
    engine: async (fn: (api: unknown) => Promise<unknown>, label: string) => {
      const api = {
        editOpen: async () => ({ session: 's1', retriever: 'bm25', metrics: {} }),
        editChunks: async () => [],
        editScore: async (_s: string, edits: { edit: { kind: string; to?: number } }[]) => {
          calls.push({ label, edits });
          // A move to an offset under 10 would empty the chunk before the boundary.
          if (edits.some((e) => e.edit.kind === 'move' && (e.edit.to ?? 0) < 10)) {
            throw Object.assign(new Error('moving the boundary would leave the chunk before it empty'), { code: 'edit-bad-boundary' });
          }
          return { chunks: {}, deltas: [], metrics: {}, analysed: 0, embedded: 0, edits: edits.length };
        },
      };
      return fn(api);
    },
  };
});
vi.mock('../../../src/app/state/workspace.svelte.ts', () => ({
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  workspace: {
    results: [{ id: 'r1', corpusId: 'c1', name: 'run', results: { config: { retriever: { kind: 'bm25' } }, chunks: [], questions: [] } }],
    corpus: () => ({ id: 'c1', documents: [] }),
  },
}));
vi.mock('../../../src/app/models/state.svelte.ts', () => ({ embedVectors: async () => [], modelState: {} }));
vi.mock('../../../src/app/chunking/hooks.ts', () => ({ modelLoaded: () => false }));
vi.mock('../../../src/app/results/label.ts', () => ({ fileLabel: () => 'edited' }));

import { boundaryEditor } from '../../../src/app/inspector/edit-state.svelte.ts';

test('a refused move of a boundary keeps the earlier accepted move of that boundary', async () => {
  await boundaryEditor.open('r1', undefined);
  expect(boundaryEditor.status).toBe('ready');
  await boundaryEditor.apply('d1', { kind: 'move', chunk: 0, to: 40 });
  expect(boundaryEditor.status).toBe('ready');
  expect(boundaryEditor.edits).toEqual([{ docId: 'd1', edit: { kind: 'move', chunk: 0, to: 40 } }]);
  // The same boundary dragged on, too far: refused by the engine.
  await boundaryEditor.apply('d1', { kind: 'move', chunk: 0, to: 3 });
  expect(boundaryEditor.status).toBe('error');
  expect(boundaryEditor.edits).toEqual([{ docId: 'd1', edit: { kind: 'move', chunk: 0, to: 40 } }]);
  // A refused edit that was not merged with one before it is simply dropped.
  await boundaryEditor.apply('d1', { kind: 'split', chunk: 2, at: 90 });
  await boundaryEditor.apply('d1', { kind: 'move', chunk: 1, to: 5 });
  expect(boundaryEditor.edits).toEqual([
    { docId: 'd1', edit: { kind: 'move', chunk: 0, to: 40 } },
    { docId: 'd1', edit: { kind: 'split', chunk: 2, at: 90 } },
  ]);
  // The list the next scoring replays is that one.
  await boundaryEditor.apply('d1', { kind: 'merge', chunk: 3 });
  expect(calls.at(-1)!.edits).toEqual([
    { docId: 'd1', edit: { kind: 'move', chunk: 0, to: 40 } },
    { docId: 'd1', edit: { kind: 'split', chunk: 2, at: 90 } },
    { docId: 'd1', edit: { kind: 'merge', chunk: 3 } },
  ]);
});
