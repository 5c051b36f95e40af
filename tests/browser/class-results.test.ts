// The class's results in one view: the teacher chooses a folder holding three students' results
// files (each with its author) plus a copy of one; the leaderboard ranks the three, names each
// author, and says one repeated file was left out (the same run counts once).
import { beforeAll, expect, test } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appUrl, openApp, useBrowser } from './helpers';
import { runCli } from '../cli/helpers.ts';

const s = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'chunklab-class-'));
const students = [
  { author: 'Ana', chunker: 'structure' },
  { author: 'Bruno', chunker: 'fixed' },
  { author: 'Carla', chunker: 'sentences' },
];
const hit5: Record<string, number> = {};

beforeAll(async () => {
  for (const st of students) {
    const out = join(dir, `${st.author.toLowerCase()}.json`);
    const r = await runCli(['eval', '--dataset', 'public/samples/pt-BR', '--chunker', st.chunker, '--max-tokens', '128', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    file.config.author = st.author;
    hit5[st.author] = file.metrics['hit@5'];
    writeFileSync(out, JSON.stringify(file));
  }
  // The same run twice (a second download), and a stray file that is not JSON.
  copyFileSync(join(dir, 'ana.json'), join(dir, 'ana (1).json'));
  writeFileSync(join(dir, 'notes.txt'), 'not a results file');
}, 180_000);

test('a folder of three students’ results: three ranked rows with their authors, the copy counted once', async () => {
  const { page } = s;
  await openApp(page);
  await page.goto(appUrl('#/lessons'));
  await page.getByTestId('lb-folder').setInputFiles(dir);
  await expect.poll(() => page.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(3);
  expect(await page.getByTestId('lb-duplicates').textContent()).toMatch(/^1 arquivo repetido deixado de fora/);
  const authors = await page.getByTestId('lb-author').allTextContents();
  // Ranked by hit@5, best first (ties keep any order): compare with the files' own metrics.
  const expected = [...students.map((x) => x.author)].sort((a, b) => hit5[b] - hit5[a]);
  expect(authors.map((a) => hit5[a])).toEqual(expected.map((a) => hit5[a]));
  expect([...authors].sort()).toEqual(['Ana', 'Bruno', 'Carla']);
  expect(await page.getByTestId('lb-errors').count()).toBe(0);
}, 180_000);
