// The scope lesson in the page: its button runs its grid (structure and small-to-big at 64 and 256
// tokens, in corpus and document scope) on the Portuguese sample, and the card's table and sentence
// come from those saved runs: the numbers equal what the engine computes in Node for the same
// configurations, and the flip it names is one the numbers show.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser, type Session } from './browser';
import { openApp, waitSaved } from './helpers';
import { LESSONS, lessonGrid } from '../../src/app/lessons/presets.ts';
import { expandGrid } from '../../src/app/experiments/model.ts';
import { scopeCells, widestFlip } from '../../src/app/lessons/scope-flip.ts';
import { loadDataset } from '../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { runExperiment } from '../../src/engine/evaluation/experiment.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

let s: Session;
let want: ReturnType<typeof widestFlip>;
beforeAll(async () => {
  const ds = await loadDataset('public/samples/pt-BR');
  const tokenizer = await loadDefaultTokenizer();
  const { runs } = expandGrid(lessonGrid(LESSONS.find((l) => l.id === 'scope')!.arms[0], { sample: 'pt-BR' }, 'scope'));
  const saved: { createdAt: number; file: ResultsFile }[] = [];
  for (const [i, r] of runs.entries()) saved.push({ createdAt: i, file: await runExperiment(ds, r.config, { tokenizer }) });
  want = widestFlip(scopeCells(saved));
  s = await openBrowser();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

test('the scope card runs its grid and states the flip its own runs show', async () => {
  const p = s.page;
  await openApp(p, '#/lessons');
  const card = p.locator('[data-lesson="scope"]');
  await card.getByTestId('scope-lesson-empty').waitFor();
  await card.getByTestId('lesson-open').click();
  await p.waitForURL(/#\/experiments$/);
  await p.getByTestId('exp-finished').waitFor({ timeout: 180_000 });
  expect(await p.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(8);
  await waitSaved(p);

  await p.goto(p.url().replace(/#.*$/, '') + '#/lessons');
  const claim = card.getByTestId('scope-lesson-claim');
  await claim.waitFor();
  expect(await card.locator('[data-testid="scope-lesson-table"] tbody tr').count()).toBe(4);
  expect(want, 'Node finds a flip on the Portuguese sample').toBeDefined();
  expect(await claim.getAttribute('data-flip')).toBe('true');
  expect(await claim.getAttribute('data-metric')).toBe(want!.metric);
  expect(await claim.getAttribute('data-corpus-winner')).toBe(want!.corpusWinner.label);
  expect(await claim.getAttribute('data-document-winner')).toBe(want!.documentWinner.label);
  const text = (await claim.textContent())!;
  for (const x of [want!.corpusWinner.corpus[want!.metric], want!.documentWinner.corpus[want!.metric], want!.corpusWinner.document[want!.metric], want!.documentWinner.document[want!.metric]]) {
    expect(text).toContain(new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(x));
  }
  expect(s.errors).toEqual([]);
}, 300_000);
