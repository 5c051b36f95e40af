// Imports and exports in a real browser: the workspace file round-trips (export, then import it back
// as new corpora with the same documents and questions), and a Chroma folder and a SQuAD file each
// become a corpus with their questions.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openApp, useBrowser } from './helpers';

const samplePt = JSON.parse(readFileSync('public/samples/pt-BR/documents.json', 'utf8')) as { documents: { title?: string; file: string }[] };
const questionsPt = JSON.parse(readFileSync('public/samples/pt-BR/questions.json', 'utf8')) as { questions: unknown[] };

const s = useBrowser();

test('the workspace file exported holds the sample and imports back as a copy', async () => {
  await openApp(s.page);
  const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Exportar espaço de trabalho' }).click()]);
  const path = await download.path();
  const ws = JSON.parse(readFileSync(path, 'utf8'));
  expect(ws.format).toBe('chunklab-workspace');
  expect(ws.version).toBe(1);
  expect(ws.corpora).toHaveLength(1);
  expect(ws.corpora[0].documents.map((d: { name: string }) => d.name)).toEqual(samplePt.documents.map((d) => d.title ?? d.file));
  expect(ws.questionSets[0].questions).toHaveLength(questionsPt.questions.length);

  await s.page.getByTestId('import-input').setInputFiles({ name: 'ws.json', mimeType: 'application/json', buffer: readFileSync(path) });
  await s.page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await expect(s.page.locator('[data-testid="corpus-list"] li').count()).resolves.toBe(2);
  await expect(s.page.locator('[data-testid="doc-list"] li').count()).resolves.toBe(samplePt.documents.length);
  await expect(s.page.locator('main').textContent()).resolves.toContain(`${questionsPt.questions.length} perguntas`);
  expect(s.errors).toEqual([]);
});

test('a Chroma folder (corpora files + questions_df.csv) becomes a corpus with its questions', async () => {
  await openApp(s.page);
  const doc = 'O prazo de entrega é de 5 dias úteis. Trocas em até 7 dias.';
  const start = doc.indexOf('Trocas');
  const csv = [
    'question,references,corpus_id',
    `"Qual o prazo de troca?","${JSON.stringify([{ content: 'Trocas em até 7 dias.', start_index: start, end_index: doc.length }]).replace(/"/g, '""')}",loja`,
  ].join('\n');
  await s.page.getByTestId('import-input').setInputFiles([
    { name: 'loja.md', mimeType: 'text/markdown', buffer: Buffer.from(doc) },
    { name: 'questions_df.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
  ]);
  await s.page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await expect(s.page.getByTestId('ws-message').textContent()).resolves.toContain('1 documento, 1 pergunta');
  await expect(s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toEqual(['loja.md']);
  expect(s.errors).toEqual([]);
});

test('a SQuAD file becomes a corpus, one document per title', async () => {
  await openApp(s.page);
  const squad = {
    version: '1.1',
    data: [
      {
        title: 'Rio',
        paragraphs: [
          { context: 'O Rio fica no Brasil.', qas: [
              { id: 'a1', question: 'Onde fica o Rio?', answers: [{ text: 'no Brasil', answer_start: 11 }] },
              { id: 'a2', question: 'Qual a capital da França?', answers: [{ text: 'Paris', answer_start: 0 }] },
            ],
          },
        ],
      },
      { title: 'Lisboa', paragraphs: [{ context: 'Lisboa fica em Portugal.', qas: [] }] },
    ],
  };
  await s.page.getByTestId('import-input').setInputFiles({ name: 'squad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(squad)) });
  await s.page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await expect(s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toEqual(['Rio', 'Lisboa']);
  // The question whose answer is not in the text is left out, and the message says so.
  await expect(s.page.getByTestId('ws-message').textContent()).resolves.toContain('2 documentos, 1 pergunta');
  await expect(s.page.getByTestId('ws-message').textContent()).resolves.toContain('1 pergunta do arquivo ficou de fora');
  expect(s.errors).toEqual([]);
});
