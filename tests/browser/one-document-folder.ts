// One document of the Portuguese sample as a ChunkLab folder of its own (documents.json, the
// Markdown, questions.json): the questions people wrote about it, and a generated copy of each (a
// provenance record on the same passage) in the review state given. For browser tests that need a
// corpus of one document with both kinds of questions (agreement, evaluated-questions line).
import { readFileSync } from 'node:fs';

const BASE = 'public/samples/pt-BR/';
export const ONE_DOC = 'manual-beneficiario-v2';

export interface OneDocumentFolder {
  files: { name: string; mimeType: string; buffer: Buffer }[];
  human: number;
  generated: number;
}

export function oneDocumentFolder(review: 'accepted' | 'unreviewed', name: string): OneDocumentFolder {
  const entry = (JSON.parse(readFileSync(`${BASE}documents.json`, 'utf8')) as { documents: { id: string; file: string }[] }).documents.find((d) => d.id === ONE_DOC)!;
  const text = readFileSync(BASE + entry.file, 'utf8');
  const human = (JSON.parse(readFileSync(`${BASE}questions.json`, 'utf8')) as { questions: { id: string; text: string; docId: string; phrase?: string }[] }).questions
    .filter((q) => q.docId === ONE_DOC && q.phrase && text.includes(q.phrase))
    .map(({ id, text: t, docId, phrase }) => ({ id, text: t, docId, phrase: phrase! }));
  const generated = human.map((q, i) => {
    const start = [...text.slice(0, text.indexOf(q.phrase))].length;
    return {
      id: `g${i + 1}`,
      text: `O manual diz o quê sobre: ${q.phrase.split(/\s+/).slice(0, 5).join(' ')}?`,
      docId: ONE_DOC,
      phrase: q.phrase,
      review,
      provenance: { model: 'openai:fake', promptVersion: '1', passage: { docId: ONE_DOC, start, end: start + [...q.phrase].length } },
    };
  });
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  return {
    files: [
      { name: 'documents.json', mimeType: 'application/json', buffer: json({ format: 'chunklab-folder', version: 1, name, documents: [{ id: ONE_DOC, file: 'manual.md', title: 'Manual' }] }) },
      { name: 'manual.md', mimeType: 'text/markdown', buffer: Buffer.from(text) },
      { name: 'questions.json', mimeType: 'application/json', buffer: json({ format: 'chunklab-questions', version: 1, questions: [...human, ...generated] }) },
    ],
    human: human.length,
    generated: generated.length,
  };
}
