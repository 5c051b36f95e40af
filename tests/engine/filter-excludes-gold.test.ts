// An import whose question's own metadata filter excludes its gold document: the question is left out
// and named (datasetOf for the CLI, in `skipped`; workspaceOf for the page, in `filterExcluded`).
import { expect, test } from 'vitest';
import { datasetOf, detectDataset, workspaceOf, type FileListing } from '../../src/engine/formats/detect.ts';
import { goldExcludedByFilter } from '../../src/engine/evaluation/gold.ts';

const ws = {
  format: 'chunklab-workspace',
  version: 1,
  corpora: [
    {
      id: 'c',
      name: 'C',
      documents: [
        { id: 'pt.md', text: 'O Rio fica no Brasil.', meta: { lang: 'pt' } },
        { id: 'en.md', text: 'Rio is in Brazil.', meta: { lang: 'en' } },
      ],
    },
  ],
  questionSets: [
    {
      id: 's',
      name: 'S',
      corpusId: 'c',
      questions: [
        { id: 'ok', text: 'Onde fica o Rio?', gold: [{ docId: 'pt.md', phrase: 'no Brasil' }], filter: { lang: 'pt' } },
        { id: 'bad', text: 'Where is Rio?', gold: [{ docId: 'en.md', phrase: 'in Brazil' }], filter: { lang: 'pt' } },
        { id: 'nofilter', text: 'Where?', gold: [{ docId: 'en.md', phrase: 'in Brazil' }] },
      ],
    },
  ],
};

const listing = (): FileListing => ({ kind: 'file', name: 'ws.json', paths: ['ws.json'], read: async () => JSON.stringify(ws) }) as FileListing;

test('goldExcludedByFilter names the excluded gold document', () => {
  expect(goldExcludedByFilter({ gold: [{ docId: 'en.md', start: 0, end: 3 }], filter: { lang: 'pt' } }, (id) => (id === 'en.md' ? { lang: 'en' } : undefined))).toBe('en.md');
  expect(goldExcludedByFilter({ gold: [{ docId: 'en.md', start: 0, end: 3 }], filter: { lang: 'en' } }, () => ({ lang: 'en' }))).toBeUndefined();
  expect(goldExcludedByFilter({ gold: [{ docId: 'en.md', start: 0, end: 3 }] }, () => undefined)).toBeUndefined();
});

test('the CLI path leaves the question out with a reason naming it, the document and the filter', async () => {
  const ds = datasetOf(await detectDataset(listing()));
  expect(ds.questions.map((q) => q.id)).toEqual(['ok', 'nofilter']);
  const skipped = ds.skipped.find((x) => x.id === 'bad');
  expect(skipped?.reason).toContain('"en.md"');
  expect(skipped?.reason).toContain('lang=pt');
});

test('the page path keeps the others and lists the excluded one apart', async () => {
  const r = workspaceOf(await detectDataset(listing()));
  expect(r.workspace.questionSets[0].questions.map((q) => q.id)).toEqual(['ok', 'nofilter']);
  expect(r.filterExcluded.map(({ id, docId }) => ({ id, docId }))).toEqual([{ id: 'bad', docId: 'en.md' }]);
  expect(r.skipped).toEqual([]);
});
