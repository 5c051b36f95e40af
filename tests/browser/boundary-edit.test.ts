// Moving a chunk boundary in the inspector, in a real browser with the Portuguese page: a BM25 run of
// fixed windows (128 tokens) on the Portuguese sample is made by the grid, opened in the inspector
// for hand edits, and one boundary is moved with the keyboard until an answer it split lies whole in
// one chunk. The page shows that question among those that now hit at 5, and the lists of gained and
// lost questions equal what the engine's EditSession computes here in Node for the same edit on the
// page's own run (itself checked against runExperiment in Node). Saved as a run edited by hand, it
// appears in Results with its label in Portuguese and the hit@5 the engine computes; undo goes back.
import { expect, test } from 'vitest';
import { openApp, openGrid, runGrid, savedResults, useBrowser, waitSaved } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment } from '../../src/engine/evaluation/experiment.ts';
import { EditSession, type DocEdit } from '../../src/engine/edit/index.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

const tokenizer = await loadDefaultTokenizer();

const s = useBrowser();

/** The start of the next word after `at` (a blank before a non-blank), written here for the test. */
function nextWord(text: string, at: number): number {
  for (let p = at + 1; p < text.length; p++) if (!/\s/.test(text[p]) && /\s/.test(text[p - 1])) return p;
  return at;
}

test('moving a boundary by keyboard flips a known question, the edited run is saved to Results, undo goes back', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  // One run: fixed windows of 128 tokens, no header, BM25 (the default grid without structure).
  await page.locator('input[data-chunker="structure"]').uncheck();
  await runGrid(page, { runs: 1 });
  const saved = await savedResults(page);
  expect(saved).toHaveLength(1);
  const run: ResultsFile = saved[0].results;
  expect(run.config.chunker).toBe('fixed');

  // The page's run is the engine's run in Node on the same sample.
  const ds = await loadDataset('public/samples/pt-BR');
  const node = await runExperiment(ds, { chunker: 'fixed', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10 }, { tokenizer });
  expect(run.questions.map((q) => q.ranked)).toEqual(node.questions.map((q) => q.ranked));

  // In Node: a question missed because a cut splits its answer, whose boundary moved word by word
  // past the answer's end makes it hit at 5.
  const session = await EditSession.open(ds.documents, run, { tokenizer });
  let found: { q: ResultsFile['questions'][number]; boundary: number; target: number } | undefined;
  for (const q of run.questions) {
    if (q.miss !== 'split' || q.gold.length !== 1) continue;
    const g = q.gold[0];
    const text = ds.documents.find((d) => d.id === g.docId)!.text;
    const chunks = session.chunksOf(g.docId);
    const after = chunks.findIndex((c) => c.start > g.start && c.start < g.end);
    if (after < 1) continue;
    let at = chunks[after].start;
    while (at < g.end) at = nextWord(text, at);
    if (at >= chunks[after].end || at <= g.end - 1) continue;
    const r = await session.score([{ docId: g.docId, edit: { kind: 'move', chunk: after - 1, to: at } }]);
    if (r.deltas.find((d) => d.k === 5)!.gained.some((x) => x.id === q.id)) {
      found = { q, boundary: after - 1, target: at };
      break;
    }
  }
  expect(found, 'a question of the sample flips with one moved boundary').toBeDefined();
  const { q, boundary, target } = found!;
  const docId = q.gold[0].docId;

  // The inspector, on that document, with the run opened for edits.
  await page.goto(page.url().replace(/#.*$/, '') + '#/inspector');
  await page.getByTestId('insp-doc').selectOption(docId);
  await page.locator('[data-testid="edit-controls"] summary').click();
  await page.getByTestId('edit-start').click();
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor({ timeout: 60_000 });
  await expect.poll(() => page.getByTestId('edit-boundary').count()).toBe(session.chunksOf(docId).length - 1);
  await expect(page.getByTestId('edit-hits').textContent()).resolves.toContain('perguntas');

  // Keyboard: → moves the boundary one word at a time until it passes the answer's end.
  const handle = page.locator(`[data-boundary="${boundary}"]`);
  await handle.focus();
  for (let i = 0; i < 200; i++) {
    const at = Number(await handle.getAttribute('data-at'));
    if (at >= target) break;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await handle.getAttribute('data-at'))).toBeGreaterThan(at);
    await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  }
  const at = Number(await handle.getAttribute('data-at'));
  expect(at).toBe(target);
  // Consecutive moves of one boundary are one edit.
  await expect(page.getByTestId('edit-count').getAttribute('data-count')).resolves.toBe('1');

  // The flip is shown, and both lists are the engine's for this edit.
  await page.locator(`[data-testid="edit-gained"] li[data-question="${q.id}"]`).waitFor();
  const edits: DocEdit[] = [{ docId, edit: { kind: 'move', chunk: boundary, to: at } }];
  const expected = (await session.score(edits)).deltas.find((d) => d.k === 5)!;
  const ids = (testid: string) => page.locator(`[data-testid="${testid}"] li`).evaluateAll((els) => els.map((e) => e.getAttribute('data-question')));
  expect(await ids('edit-gained')).toEqual(expected.gained.map((x) => x.id));
  expect(await ids('edit-lost')).toEqual(expected.lost.map((x) => x.id));
  expect(await page.getByTestId('edit-hits').getAttribute('data-after')).toBe(String(expected.hitsAfter));
  await expect(page.locator('#edit-title').textContent()).resolves.toBe('Fronteiras editadas à mão');
  expect(await page.locator('.deltas h4.gain').textContent()).toContain('Passam a acertar');

  // Saved as a run edited by hand: in Results, labelled in Portuguese, with the engine's hit@5.
  await page.getByTestId('edit-save').click();
  await page.getByTestId('edit-saved').waitFor();
  await waitSaved(page);
  const edited = session.results(edits);
  await page.getByTestId('edit-to-results').click();
  await page.getByTestId('res-table').waitFor();
  const row = page.locator('[data-testid="res-table"] tbody tr[data-id]', { has: page.locator('td.name[data-label="fixed · 128 · bm25 · edited by hand"]') });
  await row.waitFor();
  expect(await row.locator('td.name').textContent()).toContain('fixo · 128 · bm25 · editado à mão');
  // Beside the run it edits, in the same session of Results.
  expect(await page.locator('[data-testid="res-table"] td.name[data-label="fixed · 128 · bm25"]').count()).toBe(1);
  expect(Number(await row.locator('td[data-col="hit@5"]').getAttribute('data-value'))).toBe(edited.metrics['hit@5']);
  const stored = (await savedResults(page)).find((r) => r.name === 'fixed · 128 · bm25 · edited by hand')!;
  expect(stored.results.config.edited).toEqual({ by: 'hand', edits: 1, documents: [docId], chunking: (edited.config.edited as { chunking: string }).chunking });
  expect(stored.results.metrics).toEqual(edited.metrics);

  // Back in the inspector, undo returns to the run's own chunks and hits.
  await page.goto(page.url().replace(/#.*$/, '') + '#/inspector');
  await page.getByTestId('edit-undo').click();
  await expect.poll(() => page.getByTestId('edit-count').getAttribute('data-count')).toBe('0');
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  await expect.poll(() => handle.getAttribute('data-at')).toBe(String(session.chunksOf(docId)[boundary + 1].start));
  expect(await page.getByTestId('edit-hits').getAttribute('data-after')).toBe(await page.getByTestId('edit-hits').getAttribute('data-before'));
  expect(s.errors).toEqual([]);
}, 240_000);

test('a boundary dragged with the mouse lands where it is dropped; split and merge buttons change the chunk count', async () => {
  const { page } = s;
  // The run and the open editor from the test above (same page); back to the run's own chunks first.
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor({ timeout: 60_000 });
  const n = await page.getByTestId('edit-boundary').count();
  expect(n).toBeGreaterThan(1);
  const handle = page.locator('[data-boundary="0"]');
  const before = Number(await handle.getAttribute('data-at'));
  // A word start a few words before the boundary, found in the shown text (pieces carry their offsets).
  const drop = await page.evaluate((at) => {
    const spans = [...document.querySelectorAll<HTMLElement>('[data-testid="edit-text"] span[data-start]')];
    // The chunk's text before the boundary (not the blank between two chunks).
    const span = spans.filter((el) => Number(el.dataset.end) <= at && (el.textContent ?? '').trim().split(/\s+/).length > 5).pop()!;
    // In view first: a point outside the viewport has no caret (and the page opens a section at its top).
    span.scrollIntoView({ block: 'center' });
    const text = span.firstChild as Text;
    const start = Number(span.dataset.start);
    let p = text.data.length - 1;
    let words = 0;
    for (; p > 0; p--) if (!/\s/.test(text.data[p]) && /\s/.test(text.data[p - 1]) && ++words === 3) break;
    const r = document.createRange();
    r.setStart(text, p);
    r.setEnd(text, p + 1);
    const box = r.getBoundingClientRect();
    const x = box.left + 1;
    const y = box.top + box.height / 2;
    // Where the browser puts a caret at that point (the offset a drop there means).
    const caret = (document as Document & { caretPositionFromPoint(x: number, y: number): { offsetNode: Node; offset: number } | null }).caretPositionFromPoint(x, y)!;
    const under = (caret.offsetNode as Text).parentElement!;
    // The document text, from the pieces (they cover it in order): a cut never starts on a blank.
    const all = spans.map((el) => el.textContent ?? '').join('');
    let offset = Number(under.dataset.start) + caret.offset;
    while (/\s/.test(all[offset])) offset++;
    return { offset, word: start + p, x, y };
  }, before);
  expect(drop.offset).toBeLessThan(before);
  expect(drop.offset).toBe(drop.word);
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(drop.x, drop.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await handle.getAttribute('data-at'))).toBe(drop.offset);
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  const edits = Number(await page.getByTestId('edit-count').getAttribute('data-count'));

  // Split the first chunk (near its middle), then merge it back: one more chunk, then as many as before.
  const rows = page.locator('[data-testid="edit-chunks"] li');
  const count = await rows.count();
  await rows.nth(0).getByTestId('edit-split').click();
  await expect.poll(() => rows.count()).toBe(count + 1);
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  await rows.nth(0).getByTestId('edit-merge').click();
  await expect.poll(() => rows.count()).toBe(count);
  await expect.poll(() => page.getByTestId('edit-count').getAttribute('data-count')).toBe(String(edits + 2));
  // Reset goes back to the run's chunks; "bring the edits back" restores them.
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  await page.getByTestId('edit-reset').click();
  await expect.poll(() => page.getByTestId('edit-count').getAttribute('data-count')).toBe('0');
  await expect.poll(async () => Number(await handle.getAttribute('data-at'))).toBe(before);
  await page.getByTestId('edit-restore').click();
  await expect.poll(() => page.getByTestId('edit-count').getAttribute('data-count')).toBe(String(edits + 2));
  expect(s.errors).toEqual([]);
}, 120_000);

test('an over-limit chunk keeps Split and Merge inside the panel; a boundary dropped mid-word goes to the nearer word start', async () => {
  const { page } = s;
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor({ timeout: 60_000 });
  // Merge the first two chunks: the chunk is over the run's cap and says so.
  const rows = page.locator('[data-testid="edit-chunks"] li');
  const count = await rows.count();
  await rows.nth(0).getByTestId('edit-merge').click();
  await expect.poll(() => rows.count()).toBe(count - 1);
  await page.locator('[data-testid="edit-view"][data-status="ready"]').waitFor();
  const row = rows.nth(0);
  expect(await row.locator('.badge.warn').count()).toBe(1);
  const panel = (await page.locator('[data-testid="edit-chunks"]').boundingBox())!;
  for (const id of ['edit-split', 'edit-merge']) {
    const b = (await row.getByTestId(id).boundingBox())!;
    expect(b.x, id).toBeGreaterThanOrEqual(panel.x - 0.5);
    expect(b.x + b.width, id).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
  }

  // Drag boundary 0 into the middle of a word of six letters or more, a few words before it.
  const handle = page.locator('[data-boundary="0"]');
  const before = Number(await handle.getAttribute('data-at'));
  const drop = await page.evaluate((at) => {
    const spans = [...document.querySelectorAll<HTMLElement>('[data-testid="edit-text"] span[data-start]')];
    const span = spans.filter((el) => Number(el.dataset.end) <= at && (el.textContent ?? '').trim().split(/\s+/).length > 8).pop()!;
    span.scrollIntoView({ block: 'center' });
    const text = span.firstChild as Text;
    const words = [...text.data.matchAll(/\S{6,}/g)].filter((m) => /^[\p{L}]+$/u.test(m[0]));
    const w = words[words.length - 3];
    const inside = w.index! + Math.floor(w[0].length / 2);
    const r = document.createRange();
    r.setStart(text, inside);
    r.setEnd(text, inside + 1);
    const box = r.getBoundingClientRect();
    const x = box.left + 1;
    const y = box.top + box.height / 2;
    const caret = (document as Document & { caretPositionFromPoint(x: number, y: number): { offsetNode: Node; offset: number } | null }).caretPositionFromPoint(x, y)!;
    const offset = Number((caret.offsetNode as Text).parentElement!.dataset.start) + caret.offset;
    const all = spans.map((el) => el.textContent ?? '').join('');
    return { offset, all, x, y };
  }, before);
  // Where it must land, computed here: the nearer of the word's start and the next word's start.
  const { all, offset } = drop;
  expect(/\S/.test(all[offset - 1]) && /\S/.test(all[offset]), 'the drop point is inside a word').toBe(true);
  let start = offset;
  while (start > 0 && /\S/.test(all[start - 1])) start--;
  let next = offset;
  while (/\S/.test(all[next])) next++;
  while (/\s/.test(all[next])) next++;
  const want = offset - start <= next - offset ? start : next;
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(drop.x, drop.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await handle.getAttribute('data-at'))).toBe(want);
  const at = Number(await handle.getAttribute('data-at'));
  expect(/\s/.test(all[at - 1]) && /\S/.test(all[at])).toBe(true);
  expect(s.errors).toEqual([]);
}, 120_000);
