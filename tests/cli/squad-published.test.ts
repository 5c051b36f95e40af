// A SQuAD file as annotation tools and a public long-document QA set write it (no "title" on the
// articles, a document_id on each paragraph, numeric question ids, is_impossible questions)
// evaluates in the CLI as published: no hand editing, the unanswerable ones counted in the summary.
import { expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli as cli } from './helpers.ts';

test('eval reads a SQuAD file with no titles, document_ids, numeric ids and is_impossible', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'chunklab-squad-pub-'));
  const para = (docId: string, n: number) => {
    const context = `Section ${n} of ${docId}. The deposit is returned within ${n + 10} days of the end of the lease. Late rent costs a fee of ${n} percent.`;
    return {
    document_id: docId,
    context,
    qas: [
      { id: 1000 + n, question: `Within how many days is the deposit of section ${n} returned?`, answers: [{ text: `${n + 10} days`, answer_start: context.indexOf(`${n + 10} days`) }], is_impossible: false },
      { id: 2000 + n, question: 'Who painted the lobby?', answers: [], plausible_answers: [{ text: 'the tenant', answer_start: 0 }], is_impossible: true },
    ],
    };
  };
  const data = { version: 'v2.0', data: [{ paragraphs: [para('lease-a', 1), para('lease-a', 2)] }, { paragraphs: [para('lease-b', 3)] }] };
  const file = join(tmp, 'published.json');
  writeFileSync(file, JSON.stringify(data));
  const r = await cli(['eval', '--dataset', file, '--chunker', 'fixed', '--max-tokens', '32']);
  expect(r.code, r.err).toBe(0);
  expect(r.out).toMatch(/2 documents, 3 questions evaluated, 3 skipped\n/); // none repaired
  expect(r.out).toMatch(/skipped 3 \(3 marked is_impossible, 0 for other reasons\)/);
  expect(r.out).toMatch(/ 2001: unanswerable \(is_impossible\)/);
  const j = await cli(['eval', '--dataset', file, '--chunker', 'fixed', '--max-tokens', '32', '--json']);
  const res = JSON.parse(j.out);
  expect(res.questions.map((q: { id: string }) => q.id)).toEqual(['1001', '1002', '1003']);
  expect(res.questions.every((q: { gold: { docId: string }[] }) => ['lease-a', 'lease-b'].includes(q.gold[0].docId))).toBe(true);
});
