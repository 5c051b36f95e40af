// Reading a documents folder again after an abandoned read (the page terminates a worker whose reader
// hangs, then reads the drop again without that file): files already decided are not read again and
// keep their outcome, a stopped file is left out with the problem 'stopped', duplicates and ids still
// count across both, and the result equals a plain read of the folder without the stopped file.
import { expect, test } from 'vitest';
import { readDocumentsFolder, type DocumentsProgress } from '../../../src/engine/formats/index.ts';
import type { DecidedFile } from '../../../src/engine/formats/index.ts';

const FILES: Record<string, string> = {
  'pasta/a.md': '# A\n\nPrimeiro documento.',
  'pasta/b.md': '# B\n\nEste trava.',
  'pasta/c.md': '# C\n\nTerceiro.',
  'pasta/d.txt': '# A\n\nPrimeiro documento.\n', // the same text as a.md
  'pasta/sub/c.md': 'another c (same id)',
  'pasta/e.html': '<p>Quinto</p>',
};

function listing(reads: string[]) {
  return {
    name: 'pasta',
    kind: 'folder' as const,
    paths: Object.keys(FILES),
    read: (p: string) => (reads.push(p), FILES[p]),
  };
}

test('decided files are taken as they were, the stopped one is left out, the rest are read', async () => {
  // The first read: everything up to b.md, where the reader "hangs" (the page kept the progress).
  const seen: DocumentsProgress[] = [];
  const first = await readDocumentsFolder(listing([]), { keepGoing: true, onProgress: (p) => seen.push(p) });
  const decided: DecidedFile[] = seen.filter((p) => p.outcome && p.path < 'pasta/b.md').map((p) => ({ outcome: p.outcome!, ...(p.doc ? { doc: p.doc } : {}) }));
  expect(decided.map((d) => d.outcome.path)).toEqual(['pasta/a.md']);
  expect(decided[0].doc?.text).toBe(FILES['pasta/a.md']);

  const reads: string[] = [];
  const again = await readDocumentsFolder(listing(reads), { keepGoing: true, decided, stopped: ['pasta/b.md'] });
  // a.md is not read again, b.md is never read.
  expect(reads).not.toContain('pasta/a.md');
  expect(reads).not.toContain('pasta/b.md');
  const byPath = Object.fromEntries(again.files.map((f) => [f.path, f]));
  expect(byPath['pasta/b.md']).toMatchObject({ status: 'skipped', problem: 'stopped' });
  expect(byPath['pasta/b.md'].message).toMatch(/stopped/);
  // d.txt is still a duplicate of the decided a.md, and sub/c.md still collides with c.md's id.
  expect(byPath['pasta/d.txt']).toMatchObject({ status: 'skipped', problem: 'duplicate', duplicateOf: 'a' });
  expect(byPath['pasta/sub/c.md']).toMatchObject({ status: 'skipped', problem: 'same-id' });

  // Independently: a plain read of the folder without b.md gives the same documents and outcomes.
  const without = { ...listing([]), paths: Object.keys(FILES).filter((p) => p !== 'pasta/b.md') };
  const plain = await readDocumentsFolder(without, { keepGoing: true });
  expect(again.dataset.documents).toEqual(plain.dataset.documents);
  expect(again.files.filter((f) => f.path !== 'pasta/b.md')).toEqual(plain.files);
  // And the first, full read had b.md as a document: only the stop left it out.
  expect(first.dataset.documents.map((d) => d.id)).toContain('b');
  expect(again.dataset.documents.map((d) => d.id)).toEqual(['a', 'c', 'e']);
});

test('a decided file the user then stopped is left out (the stop wins); a decided refusal is kept as it was', async () => {
  const seen: DocumentsProgress[] = [];
  await readDocumentsFolder(listing([]), { keepGoing: true, onProgress: (p) => seen.push(p) });
  const decided: DecidedFile[] = seen.filter((p) => p.outcome).map((p) => ({ outcome: p.outcome!, ...(p.doc ? { doc: p.doc } : {}) }));
  const reads: string[] = [];
  const r = await readDocumentsFolder(listing(reads), { keepGoing: true, decided, stopped: ['pasta/a.md'] });
  // Every file was decided: nothing is read again.
  expect(reads).toEqual([]);
  const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
  expect(byPath['pasta/a.md']).toMatchObject({ status: 'skipped', problem: 'stopped' });
  // d.txt's earlier outcome (a duplicate of a) is kept as it was decided.
  expect(byPath['pasta/d.txt']).toMatchObject({ status: 'skipped', problem: 'duplicate' });
  expect(r.dataset.documents.map((d) => d.id)).toEqual(['b', 'c', 'e']);
});
