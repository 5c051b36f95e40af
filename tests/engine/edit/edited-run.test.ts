// A run saved from the inspector's hand edits (config.edited) cannot be opened for editing again:
// its chunks are not what its chunker gives, so the session could only fail to rebuild them (with a
// message blaming changed documents). It is refused up front with edit-unsupported, and the page's
// list of editable runs (EditControls, editableReason) leaves it out.
import { expect, test } from 'vitest';
import { EditSession, editableReason } from '../../../src/engine/edit/index.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';
import { InputError, type TextTokenizer } from '../../../src/engine/types.ts';

const config = { chunker: 'fixed', params: { maxTokens: 64 }, retriever: { kind: 'bm25' } };

test('an edited run is not editable, and opening it says why', async () => {
  expect(editableReason(config)).toBeNull();
  const edited = { ...config, edited: { by: 'hand', edits: 1, documents: ['d'], chunking: '0' } };
  expect(editableReason(edited)).toMatch(/already edited by hand/);
  const run = { config: edited, chunks: [], questions: [], metrics: {} } as unknown as ResultsFile;
  const tokenizer = { name: 't', count: () => 0, encode: () => [] } as unknown as TextTokenizer;
  const opened = EditSession.open([], run, { tokenizer });
  await expect(opened).rejects.toBeInstanceOf(InputError);
  await expect(opened).rejects.toMatchObject({ code: 'edit-unsupported' });
});
