// The metadata filter offers a user's categories, never the fields the readers write for themselves:
// documents read by the real readers from a folder (three PDFs, whose page maps, titles, heading
// sources and notes differ, and two Markdown files), plus a user's `tenant` on the Markdown ones (as
// a JSONL corpus's meta brings it), give one filter: tenant, with both values. The raw metadata is
// checked first, so the test shows the internal fields really differ between the documents (each
// would be offered as a filter without the exclusion).
import { expect, test } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataset } from '../../../src/node/files.ts';
import { filterKeys, INTERNAL_META } from '../../../src/app/components/meta-filter.ts';

test('PDF page maps, titles and heading sources are never offered as filters; a user category is', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-meta-'));
  for (const f of ['manual.pdf', 'bookmarks.pdf', 'tagged.pdf']) copyFileSync(join('tests/fixtures/documents', f), join(dir, f));
  writeFileSync(join(dir, 'a.md'), '# Política A\n\nTexto da política A.\n');
  writeFileSync(join(dir, 'b.md'), '# Política B\n\nTexto da política B.\n');
  const { documents } = await loadDataset(dir);
  expect(documents).toHaveLength(5);
  for (const d of documents) if (d.id === 'a' || d.id === 'b') d.meta = { ...d.meta, tenant: d.id === 'a' ? 'acme' : 'globex' };

  // The readers' own fields are there, with values that differ from one document to the next.
  const distinct = (k: string) => new Set(documents.map((d) => d.meta?.[k]).filter((v) => typeof v === 'string')).size;
  const internalThatDiffer = [...INTERNAL_META].filter((k) => distinct(k) > 1);
  expect(internalThatDiffer).toEqual(expect.arrayContaining(['title', 'fileName', 'fileType', 'pages', 'pageCount', 'headingSource']));

  expect(filterKeys(documents, {})).toEqual([{ key: 'tenant', values: ['acme', 'globex'] }]);
});

test('a key with one value is not offered unless it is the filter in use; non-string values are skipped', () => {
  const docs = [
    { meta: { version: '1', tenant: 'a', score: 3 as unknown as string } },
    { meta: { version: '1', tenant: 'b', score: 4 as unknown as string } },
  ];
  expect(filterKeys(docs, {})).toEqual([{ key: 'tenant', values: ['a', 'b'] }]);
  expect(filterKeys(docs, { version: '1' })).toEqual([
    { key: 'tenant', values: ['a', 'b'] },
    { key: 'version', values: ['1'] },
  ]);
});
