// A course pack's lessons in the page: the teacher writes a lesson when exporting (it goes in the
// pack, in the page's language, with the pack's grid); a student who opens the pack finds the
// pack's lessons at the top of Lessons — in the page's language where the pack gives it, else in
// the other one and said so, the other language one click away — each opening its grid; a built-in
// lesson the pack recommends links to its card. Lesson text is untrusted: markup in it is shown as
// text and never runs. The lessons survive a reload, follow the interface language, and can be forgotten.
import { expect, test } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, distDir, exportPack, headerOnlyGrid, openApp, useBrowser, waitSaved } from './helpers';
import { englishIn, visibleText } from './portuguese';
import { readPack, writePack } from '../../src/engine/formats/index.ts';

const HOSTILE = 'Veja <img src=x onerror="window.__pwned=1"> e <script>window.__pwned=2</script> **negrito**';
const TEACHER_TEXT = 'Rode a grade.\nDepois compare o hit@5 com o da estrutura sem cabeçalho.';

const teacher = useBrowser();
const student = useBrowser();
let packText = '';

test('the teacher writes a lesson when exporting: it goes in the pack with the grid, in pt-BR', async () => {
  const { page } = teacher;
  await openApp(page);
  await headerOnlyGrid(page);
  const pack = readPack((await exportPack(page, 'Aula 4: cabeçalho', TEACHER_TEXT)).text);
  expect(pack.lessons).toEqual([{ title: { 'pt-BR': 'Aula 4: cabeçalho' }, text: { 'pt-BR': TEACHER_TEXT }, grid: 'Aula 4: cabeçalho' }]);
  expect(pack.grids.map((g) => g.name)).toEqual(['Aula 4: cabeçalho']);
  // The teacher adds, by hand, a lesson in both languages (with markup in it), one in English only,
  // and a built-in lesson by id.
  pack.lessons.push(
    { title: { 'pt-BR': 'Marcação <b>não</b> roda', en: 'Markup <b>does not</b> run' }, text: { 'pt-BR': HOSTILE, en: 'See the <img> tag as text.' } },
    { title: { en: 'Reading the curve' }, text: { en: 'Look at where hit@5 stops growing.' } },
    'size-sweep',
  );
  packText = writePack(pack);
  mkdirSync(join(distDir(), 'packs'), { recursive: true });
}, 180_000);

test('a student opens the pack: its lessons lead the Lessons view, as text, in Portuguese where given; each opens its grid', async () => {
  const { page } = student;
  await openApp(page);
  page.on('dialog', (d) => void d.accept());
  const ref = `packs/licoes-${Date.now()}.json`;
  writeFileSync(join(distDir(), ref), packText);
  await page.goto(appUrl(`?pack=${ref}#/workspace`));
  await page.getByTestId('pack-message').waitFor({ timeout: 60_000 });
  await waitSaved(page);
  await page.goto(appUrl('#/lessons'));
  const cards = page.getByTestId('pack-lesson');
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(4);

  // 1: the teacher's lesson, line breaks kept.
  expect(await cards.nth(0).getByTestId('pack-lesson-title').textContent()).toBe('Aula 4: cabeçalho');
  expect(await cards.nth(0).getByTestId('pack-lesson-text').innerText()).toBe(TEACHER_TEXT);
  expect(await cards.nth(0).textContent()).toContain('Do pacote "Aula 4: cabeçalho"');
  // 2: markup shown as text: no element made from it, nothing ran.
  expect(await cards.nth(1).getByTestId('pack-lesson-title').textContent()).toBe('Marcação <b>não</b> roda');
  expect(await cards.nth(1).getByTestId('pack-lesson-text').textContent()).toBe(HOSTILE);
  expect(await cards.nth(1).locator('img, script, b').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Its English version is one click away, as text.
  await cards.nth(1).locator('summary').click();
  expect(await cards.nth(1).getByTestId('pack-lesson-other').textContent()).toContain('See the <img> tag as text.');
  expect(await cards.nth(1).getByTestId('pack-lesson-other').getAttribute('lang')).toBe('en');
  // 3: English only, said so in Portuguese, marked as English.
  expect(await cards.nth(2).getByTestId('pack-lesson-only').textContent()).toBe('O pacote traz esta lição só em inglês.');
  expect(await cards.nth(2).getByTestId('pack-lesson-text').getAttribute('lang')).toBe('en');
  // 4: a built-in lesson, by its Portuguese title.
  expect(await cards.nth(3).getAttribute('data-builtin')).toBe('size-sweep');
  expect(await cards.nth(3).locator('h4').textContent()).toBe('Tamanho do chunk: 64, 128, 256 e 512 tokens');
  // The page's own text around them is Portuguese (the teacher's English texts aside).
  const teachers = ['Reading the curve', 'Look at where hit@5 stops growing.', 'Markup <b>does not</b> run', 'See the <img> tag as text.'];
  const own = (await visibleText(page)).filter((s) => !teachers.includes(s));
  expect(englishIn(own)).toEqual([]);

  // The teacher's lesson opens its grid: structure only, with the header.
  await cards.nth(0).getByTestId('pack-lesson-grid').click();
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  expect(page.url()).toMatch(/#\/experiments$/);
  expect(await page.locator('input[data-chunker="structure"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-chunker="fixed"]').isChecked()).toBe(false);
  expect(await page.locator('input[data-header="on"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-header="off"]').isChecked()).toBe(false);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
}, 180_000);

test('the lessons survive a reload, follow the interface language, and can be forgotten', async () => {
  const { page } = student;
  await page.goto(appUrl('#/lessons'));
  await page.reload();
  const cards = page.getByTestId('pack-lesson');
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(4);
  // In English: the English versions where the pack gives them; the Portuguese-only one says so.
  await page.evaluate(() => localStorage.setItem('chunklab.lang', 'en'));
  await page.reload();
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(4);
  expect(await cards.nth(1).getByTestId('pack-lesson-title').textContent()).toBe('Markup <b>does not</b> run');
  expect(await cards.nth(0).getByTestId('pack-lesson-only').textContent()).toBe('The pack gives this lesson only in Portuguese.');
  expect(await cards.nth(2).getByTestId('pack-lesson-only').count()).toBe(0);
  expect(await cards.nth(3).locator('h4').textContent()).toBe('Chunk size: 64, 128, 256 and 512 tokens');
  await page.evaluate(() => localStorage.setItem('chunklab.lang', 'pt-BR'));
  await page.reload();
  await page.getByTestId('pack-lessons-forget').click();
  await expect.poll(() => cards.count()).toBe(0);
  await page.reload();
  await page.locator('[data-testid="lesson-card"]').first().waitFor({ timeout: 30_000 });
  expect(await cards.count()).toBe(0);
}, 120_000);
