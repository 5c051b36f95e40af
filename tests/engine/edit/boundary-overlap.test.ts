// Hand edits on an overlapping chunking (fixed, overlap > 0): the next chunk starts inside the edited
// one, so a boundary moved (or a split made) past that start would leave the chunks out of order of
// start (an invalid chunking the engine used to accept), and the end kept at "start + overlap" could
// land on whitespace (cuts keep whitespace outside both chunks). Checked on the two cases found and on
// random edits, with the validity of each result checked by a plain scan written here.
import { beforeAll, expect, test } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { applyBoundaryEdit, type BoundaryEdit } from '../../../src/engine/edit/index.ts';
import { chunkAll } from '../../../src/engine/evaluation/index.ts';
import { InputError, type Chunk, type TextTokenizer } from '../../../src/engine/types.ts';
import { rng } from '../../../src/engine/util/index.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';

const DOC =
  '# Prazos\n\nO reembolso sai em 30 dias. Depois disso, abra um chamado.\n\n## Canais\n\nEnvie pelo aplicativo 📱 ou pelo site. O telefone não recebe documentos.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nFim  do   texto.   \n';
const doc = parseDocument({ id: 'd', text: DOC, format: 'markdown' });
let tok: TextTokenizer;
let base: Chunk[];
beforeAll(async () => {
  tok = await loadDefaultTokenizer();
  base = await chunkAll([doc], 'fixed', { maxTokens: 12, overlap: 4 }, { tokenizer: tok }, () => {});
});

/** Problems of a chunking, found by scanning the text: empty or out-of-text chunks, starts out of order, uncovered or edge whitespace. */
function problems(chunks: readonly { start: number; end: number }[]): string[] {
  const out: string[] = [];
  chunks.forEach((c, i) => {
    if (!(c.start >= 0 && c.end <= DOC.length && c.end > c.start)) out.push(`chunk ${i} [${c.start}, ${c.end}) is empty or outside the text`);
    if (i && c.start < chunks[i - 1].start) out.push(`chunk ${i} starts at ${c.start}, before chunk ${i - 1} (${chunks[i - 1].start})`);
    if (/\s/.test(DOC[c.start]) || /\s/.test(DOC[c.end - 1])) out.push(`chunk ${i} [${c.start}, ${c.end}) begins or ends on whitespace`);
  });
  for (let p = 0; p < DOC.length; p++) if (!/\s/.test(DOC[p]) && !chunks.some((c) => c.start <= p && p < c.end)) out.push(`character ${p} lies in no chunk`);
  return out;
}

const apply = (chunks: Chunk[], edit: BoundaryEdit) => applyBoundaryEdit({ doc, tokenizer: tok }, chunks, edit);

test('the chunking overlaps, so these cases are real', () => {
  expect(problems(base)).toEqual([]);
  expect(base.some((c, i) => i && c.start < base[i - 1].end)).toBe(true);
});

test('a boundary moved past the start of the chunk after next is refused (edit-bad-boundary)', () => {
  // Chunk #3 starts inside chunk #2 and chunk #4 inside chunk #3: moving #3's start past #4's start.
  const b = base[3];
  const next = base[4];
  expect(next.start).toBeLessThan(b.end);
  const to = next.start + 3;
  let thrown: unknown;
  try {
    const r = apply(base, { kind: 'move', chunk: 2, to });
    expect(problems(r), 'an accepted edit must give a valid chunking').toEqual([]);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(InputError);
  expect((thrown as InputError).code).toBe('edit-bad-boundary');
});

test('a split whose second part would start past the next chunk’s start is refused', () => {
  const c = base[3];
  const next = base[4];
  let thrown: unknown;
  try {
    const r = apply(base, { kind: 'split', chunk: 3, at: Math.min(c.end - 1, next.start + 3) });
    expect(problems(r)).toEqual([]);
  } catch (e) {
    thrown = e;
  }
  expect((thrown as InputError)?.code).toBe('edit-bad-boundary');
});

test('random moves, merges and splits: every accepted edit gives a valid chunking with exact counts', () => {
  const rand = rng(7);
  let accepted = 0;
  for (let trial = 0; trial < 300; trial++) {
    let chunks = base.map((c) => ({ ...c }));
    for (let step = 0; step < 8; step++) {
      const kind = Math.floor(rand() * 3);
      const i = Math.floor(rand() * chunks.length);
      const at = Math.floor(rand() * (DOC.length + 4)) - 2;
      const edit: BoundaryEdit = kind === 0 ? { kind: 'move', chunk: i, to: at } : kind === 1 ? { kind: 'merge', chunk: i } : { kind: 'split', chunk: i, at };
      let next: Chunk[];
      try {
        next = apply(chunks, edit);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        continue;
      }
      const before = chunks.map((c) => [c.start, c.end]);
      expect(problems(next), JSON.stringify({ edit, before })).toEqual([]);
      for (const c of next) expect(c.tokens).toBe(tok.count(c.prefix + DOC.slice(c.start, c.end)));
      chunks = next;
      accepted++;
    }
  }
  expect(accepted).toBeGreaterThan(500);
});
