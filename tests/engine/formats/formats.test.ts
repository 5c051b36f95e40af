import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { InputError } from '../../../src/engine/types.ts';
import { readSquad, UNANSWERABLE } from '../../../src/engine/formats/squad.ts';
import { detectDataset, datasetOf } from '../../../src/engine/formats/detect.ts';
import { readChromaFolder } from '../../../src/engine/formats/chroma.ts';
import { readChunklabFolder } from '../../../src/engine/formats/chunklab-folder.ts';
import { readWorkspace, writeWorkspace, workspaceFromDataset, datasetFromWorkspace } from '../../../src/engine/formats/workspace.ts';
import { readChunksJsonl, writeChunksJsonl } from '../../../src/engine/formats/chunks-jsonl.ts';
import { readResults, writeResults } from '../../../src/engine/formats/results.ts';
import { offsetMap } from '../../../src/engine/util/codepoints.ts';
import { parseJson } from '../../../src/engine/formats/limits.ts';
import type { Chunk, GoldSpan } from '../../../src/engine/types.ts';

const fx = (p: string) => readFileSync(new URL(`../../fixtures/datasets/${p}`, import.meta.url), 'utf8');
const err = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
};

describe('code points', () => {
  test('emoji and accents convert both ways', () => {
    const t = 'é🙂a👍🏽b';
    const m = offsetMap(t);
    expect(m.length).toBe([...t].length);
    for (let cp = 0; cp <= m.length; cp++) expect(m.toCodePoint(m.toUtf16(cp)!)).toBe(cp);
    expect(t.slice(m.toUtf16(2), m.toUtf16(3))).toBe('a');
    expect(m.toUtf16(m.length + 1)).toBeUndefined();
  });
});

describe('SQuAD', () => {
  const ds = readSquad(fx('squad-mini.json'), 'squad-mini.json');
  test('documents by title, paragraphs joined by a blank line, gold moved to document offsets', () => {
    expect(ds.documents.map((d) => d.id)).toEqual(['Solar System', 'Café culture']);
    const doc = ds.documents[0].text;
    expect(doc.split('\n\n')).toHaveLength(3);
    for (const q of ds.questions) {
      const g = q.gold[0] as GoldSpan;
      const text = ds.documents.find((d) => d.id === g.docId)!.text;
      expect(text.slice(g.start, g.end).length).toBe(g.end - g.start);
    }
    const s6 = ds.questions.find((q) => q.id === 's6')!.gold[0] as GoldSpan; // after an emoji: code points converted
    expect(doc.slice(s6.start, s6.end)).toBe('iron oxide');
  });
  test('a wrong answer_start is repaired, an absent answer skipped and counted', () => {
    const s4 = ds.questions.find((q) => q.id === 's4')!.gold[0] as GoldSpan;
    expect(ds.documents[0].text.slice(s4.start, s4.end)).toBe('bright rings');
    expect(ds.repaired).toBe(1);
    expect(ds.skipped).toEqual([{ id: 's8', reason: expect.stringContaining('does not occur') }]);
  });
  test('broken files', () => {
    expect(err(() => readSquad('{"data": [', 'x.json'))).toMatch(/^x\.json: malformed JSON at line 1/);
    expect(err(() => readSquad('{"nodata": 1}', 'x.json'))).toMatch(/"data" must be a list/);
    const dup = { data: [{ title: 'T', paragraphs: [{ context: 'abc', qas: [{ id: 'a', question: 'q?', answers: [{ text: 'b', answer_start: 1 }] }, { id: 'a', question: 'q?', answers: [{ text: 'b', answer_start: 1 }] }] }] }] };
    expect(err(() => readSquad(JSON.stringify(dup)))).toMatch(/question a: duplicate question id/);
    const empty = { data: [{ title: 'T', paragraphs: [{ context: 'abc', qas: [{ id: 'z', question: ' ', answers: [{ text: 'b', answer_start: 1 }] }] }] }] };
    expect(err(() => readSquad(JSON.stringify(empty)))).toMatch(/question z: "question" is empty/);
    expect(err(() => readSquad('{"data": []}', 'big.json', { maxBytes: 5 }))).toMatch(/big\.json: input is too large/);
  });
});

describe('SQuAD as annotation tools and published sets write it', () => {
  // No "title" on the articles, a document_id on each paragraph, numeric question ids, and
  // is_impossible questions (some with plausible answers): read, not refused.
  const file = {
    version: 'v2.0',
    data: [
      {
        paragraphs: [
          { document_id: 'contract-7', context: 'The tenant pays rent monthly.', qas: [{ id: 101, question: 'When is rent paid?', answers: [{ text: 'monthly', answer_start: 21 }], is_impossible: false }] },
          { document_id: 'contract-7', context: 'Pets are not allowed.', qas: [{ id: 102, question: 'Are pets allowed?', answers: [{ text: 'not allowed', answer_start: 9 }] }, { id: 103, question: 'Who owns the cat?', answers: [], plausible_answers: [{ text: 'tenant', answer_start: 4 }], is_impossible: true }] },
        ],
      },
      { paragraphs: [{ context: 'Água é vida.', qas: [{ id: 7, question: 'O que é vida?', answers: [{ text: 'Água', answer_start: 0 }] }, { id: 8, question: 'Quem?', answers: [{ text: 'Água', answer_start: 0 }], is_impossible: true }] }] },
      { document_id: 5, paragraphs: [{ document_id: 5, context: 'Five is a number.', qas: [{ id: 9, question: 'What is five?', answers: [{ text: 'a number', answer_start: 8 }] }] }] },
    ],
  };
  const ds = readSquad(JSON.stringify(file), 'tool.json');
  test('ids from document_id or position, numeric ids as strings, is_impossible skipped and listed', () => {
    expect(ds.documents.map((d) => d.id)).toEqual(['contract-7', '2', '5']);
    expect(ds.documents[0].text).toBe('The tenant pays rent monthly.\n\nPets are not allowed.');
    expect(ds.documents[0].name).toBe('contract-7');
    expect(ds.questions.map((q) => q.id)).toEqual(['101', '102', '7', '9']);
    for (const q of ds.questions) {
      const g = q.gold[0] as GoldSpan;
      expect(typeof q.id).toBe('string');
      const text = ds.documents.find((d) => d.id === g.docId)!.text;
      expect(text.slice(g.start, g.end)).toBe({ '101': 'monthly', '102': 'not allowed', '7': 'Água', '9': 'a number' }[q.id]);
    }
    expect(ds.skipped).toEqual([
      { id: '103', reason: UNANSWERABLE },
      { id: '8', reason: UNANSWERABLE },
    ]);
    expect(ds.repaired).toBe(0);
  });
  test('through format detection too (every command and the page read it this way)', async () => {
    const d = await detectDataset({ name: 'tool.json', kind: 'file', paths: ['tool.json'], read: () => JSON.stringify(file) });
    expect(d.kind).toBe('squad');
    const read = datasetOf(d);
    expect(read.questions).toHaveLength(4);
    expect(read.skipped).toHaveLength(2);
  });
  test('a title that is not text or a number is still refused, naming where', () => {
    expect(err(() => readSquad(JSON.stringify({ data: [{ title: {}, paragraphs: [] }] }), 'x.json'))).toMatch(/x\.json: data\[0\]: "title" must be a string or a number/);
    expect(err(() => readSquad(JSON.stringify({ data: [{ paragraphs: [{ document_id: [], context: 'a', qas: [] }] }] }), 'x.json'))).toMatch(/data\[0\]\.paragraphs\[0\]: "document_id" must be a string or a number/);
  });
});

describe('Chroma folder', () => {
  const folder = {
    corpora: { 'ferias.md': fx('chroma-mini/corpora/ferias.md'), 'onboarding.txt': fx('chroma-mini/corpora/onboarding.txt') },
    csv: fx('chroma-mini/questions_df.csv'),
    name: 'chroma-mini',
  };
  test('references become gold spans; code point offsets are converted past emoji', () => {
    const ds = readChromaFolder(folder);
    expect(ds.documents.map((d) => [d.id, d.format])).toEqual([['ferias', 'markdown'], ['onboarding', 'text']]);
    expect(ds.questions).toHaveLength(5);
    const doc = ds.documents[0].text;
    const q3 = ds.questions[2];
    expect(q3.gold).toHaveLength(2);
    const g = q3.gold[1] as GoldSpan;
    expect(doc.slice(g.start, g.end)).toBe('Um dos períodos deve ter pelo menos catorze dias corridos.');
    // This span sits after two emoji (one with a variation selector): UTF-16 and code points differ.
    expect(g.start).toBeGreaterThan([...doc.slice(0, g.start)].length);
  });
  test('broken folders', () => {
    expect(err(() => readChromaFolder({ ...folder, csv: 'question,refs,corpus\n"a","[]",x\n' }))).toMatch(/questions_df\.csv: missing columns references, corpus_id/);
    expect(err(() => readChromaFolder({ ...folder, csv: 'question,references,corpus_id\nq,"not json",ferias\n' }))).toMatch(/row 1 \(question q1\): references is not a JSON list/);
    const outside = JSON.stringify([{ content: 'x', start_index: 10, end_index: 99999 }]).replace(/"/g, '""');
    expect(err(() => readChromaFolder({ ...folder, csv: `question,references,corpus_id\nq,"${outside}",ferias\n` }))).toMatch(/span \[10, 99999\) is outside document "ferias"/);
    expect(err(() => readChromaFolder({ ...folder, csv: 'question,references,corpus_id\n,"[]",ferias\n' }))).toMatch(/empty question/);
    expect(err(() => readChromaFolder({ ...folder, csv: 'question,references,corpus_id\nq,"[{""start_index"":0,""end_index"":3}]",nope\n' }))).toMatch(/corpus_id "nope" has no file/);
  });
});

describe('ChunkLab folder and workspace', () => {
  const documents = JSON.stringify({
    format: 'chunklab-folder', version: 1, name: 'mini', language: 'pt-BR',
    documents: [
      { id: 'v1', file: 'docs/v1.md', title: 'Manual', version: '1', date: '2023-01-01', meta: { tenant: 'a' } },
      { id: 'v2', file: 'docs/v2.md', title: 'Manual', version: '2', date: '2024-01-01', meta: { tenant: 'a' } },
    ],
  });
  const files = { 'docs/v1.md': '# Manual\n\nO prazo é de 10 dias. 🙂 Fim.\n', 'docs/v2.md': '# Manual\n\nO prazo é de 15 dias. Fim.\n' };
  const questions = JSON.stringify({
    format: 'chunklab-questions', version: 1,
    questions: [
      { id: 'q1', text: 'Qual o prazo?', docId: 'v2', phrase: '15 dias', notRelevant: [{ docId: 'v1', phrase: '10 dias' }], filter: { version: '2' }, tags: ['twin'] },
      { id: 'q2', text: 'Como termina?', gold: [{ docId: 'v1', start: 34, end: 38 }] },
    ],
  });
  test('reads documents with metadata and questions with phrases and code point spans', () => {
    const ds = readChunklabFolder({ documents, files, questions });
    expect(ds.documents[1].meta).toMatchObject({ title: 'Manual', version: '2', tenant: 'a', language: 'pt-BR' });
    expect(ds.questions[0]).toMatchObject({ gold: [{ docId: 'v2', phrase: '15 dias' }], filter: { version: '2' }, tags: ['twin'] });
    const g = ds.questions[1].gold[0] as GoldSpan;
    expect(files['docs/v1.md'].slice(g.start, g.end)).toBe('Fim.');
  });
  test('broken folders', () => {
    expect(err(() => readChunklabFolder({ documents, files: {}, questions }))).toMatch(/file "docs\/v1\.md" is missing/);
    const dupq = questions.replace('"q2"', '"q1"');
    expect(err(() => readChunklabFolder({ documents, files, questions: dupq }))).toMatch(/duplicate question id "q1"/);
    const badspan = questions.replace('"end":38', '"end":380');
    expect(err(() => readChunklabFolder({ documents, files, questions: badspan }))).toMatch(/question q2.*outside document "v1"/);
  });
  test('workspace export then import round-trips (offsets survive emoji)', () => {
    const ds = readChunklabFolder({ documents, files, questions });
    const ws = workspaceFromDataset(ds, 'manual');
    const text = writeWorkspace(ws);
    const back = readWorkspace(text);
    expect(back).toEqual(ws);
    expect(writeWorkspace(back)).toBe(text);
    const ds2 = datasetFromWorkspace(back);
    expect(ds2.questions).toEqual(ds.questions);
    expect(err(() => readWorkspace(text.replace('"version": 1', '"version": 9')))).toMatch(/unsupported version 9/);
    expect(err(() => readWorkspace(text.replace('"corpusId": "manual"', '"corpusId": "other"')))).toMatch(/unknown corpus "other"/);
  });
});

describe('chunks JSONL and results', () => {
  const text = 'Olá 🙂 mundo. Segunda frase aqui.';
  const docs = new Map([['d', text]]);
  const chunk = (id: string, start: number, end: number, extra: Partial<Chunk> = {}): Chunk => ({ id, docId: 'd', index: 0, start, end, prefix: '', tokens: 3, headingPath: [], flags: [], ...extra });
  test('write then read round-trips; text equals the code point slice', () => {
    const a = text.indexOf('Segunda');
    const chunks = [chunk('d#0', 0, a - 1), chunk('d#1', a, text.length, { prefix: 'H\n', returnStart: 0, returnEnd: text.length })];
    const out = writeChunksJsonl(chunks, () => text);
    for (const line of out.trim().split('\n')) {
      const o = JSON.parse(line);
      expect([...text].slice(o.start, o.end).join('')).toBe(o.text);
    }
    const back = readChunksJsonl(out, docs);
    expect(back.map((l) => [l.start, l.end, l.prefix, l.returnStart, l.returnEnd])).toEqual([[0, a - 1, '', undefined, undefined], [a, text.length, 'H\n', 0, text.length]]);
  });
  test('a located chunk is the occurrence nearest the end of the previous one, not one inside it', () => {
    // "| a |" occurs inside chunk 1 (at 2) and again right after it (at 10): the second chunk is the later one.
    const t = 'x | a | y\n| a |\nfim';
    const d = new Map([['t', t]]);
    const lines = ['{"docId":"t","text":"x | a | y"}', '{"docId":"t","text":"| a |"}', '{"docId":"t","text":"fim"}'].join('\n');
    const back = readChunksJsonl(lines, d);
    expect(back.map((l) => [l.start, l.end])).toEqual([[0, 9], [10, 15], [16, 19]]);
  });
  test('missing offsets are found by locating the text; broken lines are refused', () => {
    const back = readChunksJsonl('{"docId":"d","text":"mundo."}\n\n{"docId":"d","text":"frase"}\n', docs);
    expect(back.map((l) => text.slice(l.start, l.end))).toEqual(['mundo.', 'frase']);
    expect(err(() => readChunksJsonl('{"docId":"d","text":"nada"}', docs, 'c.jsonl'))).toMatch(/c\.jsonl line 1: "text" does not occur/);
    expect(err(() => readChunksJsonl('{"docId":"d","start":0,"end":3,"text":"xyz"}', docs))).toMatch(/is not the document's text/);
    expect(err(() => readChunksJsonl('{"docId":"x","start":0,"end":3}', docs))).toMatch(/unknown document "x"/);
    expect(err(() => readChunksJsonl('not json', docs))).toMatch(/line 1: malformed JSON/);
    expect(err(() => readChunksJsonl('{"docId":"d","start":0,"end":999}', docs))).toMatch(/outside document/);
  });
  test('results files are validated on read and rescored', () => {
    const file = {
      format: 'chunklab-results', version: 1, config: {},
      chunks: [{ id: 'a', docId: 'd', start: 0, end: 10, tokens: 4 }, { id: 'b', docId: 'd', start: 10, end: 20, tokens: 5 }],
      questions: [{ id: 'q', text: 'x', gold: [{ docId: 'd', start: 12, end: 15 }], ranked: ['a', 'b'] }],
      metrics: Object.fromEntries(['hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'ctx3', 'recall@5', 'precision@5', 'iou@5', 'chunks', 'meanTokens'].map((k) => [k, 0.123])),
    };
    const r = readResults(JSON.stringify(file));
    expect(r.metrics.mrr).toBe(0.5); // recomputed, not the stored 0.123
    expect(r.questions[0].rank).toBe(2);
    expect(readResults(writeResults(r))).toEqual(r);
    const bad = { ...file, questions: [{ ...file.questions[0], ranked: ['zz'] }] };
    expect(err(() => readResults(JSON.stringify(bad), 'r.json'))).toMatch(/r\.json: question q: ranked\[0\] "zz" is not in "chunks"/);
    expect(err(() => readResults(JSON.stringify({ ...file, format: 'other' })))).toMatch(/"format" must be "chunklab-results"/);
    expect(err(() => readResults(JSON.stringify({ ...file, metrics: {} })))).toMatch(/metrics\["hit@1"\] must be a number/);
    expect(err(() => parseJson('{\n  "a": 1,\n  oops\n}', 'f.json'))).toMatch(/f\.json: malformed JSON at line 3/);
  });
});
