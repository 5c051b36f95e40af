// The course pack end to end: the teacher exports the open corpus, its questions and the grid as one
// file; it is published beside the page; a student opens `?pack=<relative url>`: asked first, the
// pack's corpus is ADDED (the student's sample stays), its grid is in the experiments form and
// runs; a reload does not add it twice. A pack on another origin is refused.
import { expect, test } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, distDir, exportPack, headerOnlyGrid, openApp, openGrid, runGrid, useBrowser, waitSaved } from './helpers';
import { readPack } from '../../src/engine/formats/index.ts';

const teacher = useBrowser();
const student = useBrowser();
let packPath = '';

test('the teacher exports a pack: the open corpus, its questions, the grid, the language and the title', async () => {
  const { page } = teacher;
  await openApp(page);
  await headerOnlyGrid(page);
  const { name, text } = await exportPack(page, 'Aula 3: cabeçalhos');
  // Plain letters in the file name (accents dropped).
  expect(name).toBe('aula-3-cabecalhos.chunklab-pack.json');
  const pack = readPack(text);
  expect(pack.title).toBe('Aula 3: cabeçalhos');
  expect(pack.language).toBe('pt-BR');
  expect(pack.workspace.corpora).toHaveLength(1);
  const sample = JSON.parse(readFileSync('public/samples/pt-BR/questions.json', 'utf8')) as { questions: unknown[] };
  expect(pack.workspace.questionSets[0].questions).toHaveLength(sample.questions.length);
  expect(pack.grids[0].grid).toMatchObject({ chunkers: ['structure'], headers: [true] });
  mkdirSync(join(distDir(), 'packs'), { recursive: true });
  packPath = `packs/aula-${Date.now()}.json`;
  writeFileSync(join(distDir(), packPath), text);
}, 180_000);

test('a student opens ?pack=: asked first, the corpus added beside their own, the grid ready and run; no second copy on reload', async () => {
  const { page } = student;
  await openApp(page);
  const questions: string[] = [];
  page.on('dialog', (d) => {
    questions.push(d.message());
    void d.accept();
  });
  await page.goto(appUrl(`?pack=${packPath}#/workspace`));
  await page.getByTestId('pack-message').waitFor({ timeout: 60_000 });
  expect(questions).toHaveLength(1);
  expect(questions[0]).toMatch(/^Abrir o pacote "Aula 3: cabeçalhos"\? Ele ACRESCENTA 1 corpus \(8 documentos, 79 perguntas\) sem apagar nada seu/);
  expect(await page.getByTestId('pack-message').textContent()).toMatch(/Pacote "Aula 3: cabeçalhos" aberto/);
  await waitSaved(page);
  await expect.poll(() => page.locator('[data-testid="corpus-list"] li').count()).toBe(2);

  await openGrid(page);
  expect(await page.locator('input[data-chunker="structure"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-chunker="fixed"]').isChecked()).toBe(false);
  expect(await page.locator('input[data-header="on"]').isChecked()).toBe(true);
  await runGrid(page, { runs: 1 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);

  // Opened once: the same link again adds nothing and asks nothing.
  await page.goto(appUrl(`?pack=${packPath}#/workspace`));
  await waitSaved(page);
  await page.getByTestId('corpus-title').waitFor();
  await page.waitForTimeout(500);
  expect(questions).toHaveLength(1);
  expect(await page.locator('[data-testid="corpus-list"] li').count()).toBe(2);
}, 240_000);

test('a pack on another origin is refused, and nothing is added', async () => {
  const { page } = student;
  await page.goto(appUrl(`?pack=${encodeURIComponent('http://198.51.100.7/pack.json')}#/workspace`));
  await page.getByTestId('pack-message').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('pack-message').textContent()).toMatch(/não está neste site/);
  expect(await page.locator('[data-testid="corpus-list"] li').count()).toBe(2);
}, 60_000);

test('a pack link to no file says "not found", not "not valid JSON", and adds nothing', async () => {
  const { page } = student;
  await page.goto(appUrl(`?pack=${encodeURIComponent('packs/no-such-pack.json')}#/workspace`));
  await page.getByTestId('pack-message').waitFor({ timeout: 60_000 });
  const text = (await page.getByTestId('pack-message').textContent()) ?? '';
  expect(text).toMatch(/Pacote não encontrado/);
  expect(text).not.toMatch(/JSON/);
  expect(await page.locator('[data-testid="corpus-list"] li').count()).toBe(2);
}, 60_000);
