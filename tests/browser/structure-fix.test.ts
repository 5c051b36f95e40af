// The import preview's structure fixes in a real browser: an untagged PDF whose structure the reader
// can only guess (scripts/pdf-cases-extra.ts) is chosen; the preview says the structure was guessed
// and opens the fixer; a line is promoted to H2 with the mouse, the table's rows are marked with the
// keyboard (Shift+arrows, T), a wrong fix is undone (Ctrl+Z); the document is added and its stored
// Markdown, and the structure chunker's chunks in the inspector, carry the heading and the table.
import { expect, test } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openApp, setParam, storedRecords, useBrowser, waitSaved } from './helpers';
import { GUESSED, guessedStructure } from '../../scripts/pdf-cases-extra.ts';

const s = useBrowser();

/** Every stored document (in any record of the workspace's IndexedDB) named `name`. */
async function storedDocs(page: Page, name: string) {
  type Doc = { name: string; text: string; meta?: Record<string, string> };
  const out: Doc[] = [];
  const walk = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Record<string, unknown>;
    if (o.name === name && typeof o.text === 'string') out.push(o as Doc);
    else Object.values(o).forEach(walk);
  };
  walk(Object.values(await storedRecords(page)));
  return out;
}

test('a guessed PDF: promote a line to H2, mark a table, undo a wrong fix, add; the stored Markdown and the chunks carry them', async () => {
  const { page } = s;
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-fix-'));
  const file = join(dir, 'guia.pdf');
  writeFileSync(file, await guessedStructure());
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('docs-guessed').waitFor();
  // Guessed: the fixer is open; no heading yet.
  expect(await page.getByTestId('docs-fix').getAttribute('open')).not.toBeNull();
  expect(await page.locator('[data-testid="docs-outline"] li').count()).toBe(0);
  const line = (text: string) => page.locator('[data-testid="docs-lines"] li', { hasText: text });

  // The mouse: a line, then H2.
  await line(GUESSED.lines[1]).click();
  await page.getByTestId('docs-level-2').click();
  await expect.poll(async () => (await page.getByTestId('docs-markdown').textContent()) ?? '').toContain(`## ${GUESSED.lines[1]}`);
  expect(await page.locator('[data-testid="docs-outline"] li').evaluateAll((els) => els.map((e) => [e.getAttribute('data-level'), e.textContent]))).toEqual([['2', GUESSED.lines[1]]]);
  expect(await line(GUESSED.lines[1]).getAttribute('data-kind')).toBe('heading');

  // The keyboard: the table's first row, Shift+Down over the others, T.
  await line(GUESSED.table[0].join(' ')).click();
  for (let i = 1; i < GUESSED.table.length; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByTestId('docs-selection').textContent()).resolves.toBe(`${GUESSED.table.length} linhas escolhidas`);
  await page.keyboard.press('t');
  const header = `| ${GUESSED.table[0].join(' | ')} |`;
  await expect.poll(async () => (await page.getByTestId('docs-markdown').textContent()) ?? '').toContain(`${header}\n| --- | --- | --- |\n| ${GUESSED.table[1].join(' | ')} |`);

  // A wrong fix (the closing paragraph made H1 with key 1), undone with Ctrl+Z.
  await line(GUESSED.closing).click();
  await page.keyboard.press('1');
  await expect.poll(async () => (await page.getByTestId('docs-markdown').textContent()) ?? '').toContain(`# ${GUESSED.closing}`);
  await expect(page.getByTestId('docs-fixes').textContent()).resolves.toMatch(/^3 correções feitas/);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await page.getByTestId('docs-markdown').textContent()) ?? '').not.toContain(`# ${GUESSED.closing}`);
  // A range of plain lines with no columns cannot be a table: said so, nothing changed.
  await line(GUESSED.lines[0]).click();
  await page.keyboard.press('t');
  await expect(page.getByTestId('docs-fix-problem').textContent()).resolves.toContain('não dá para fazer uma tabela');

  // In English too (the preview and its fixes stay as they are).
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByTestId('docs-mark-table').textContent()).resolves.toBe('Mark as table');
  await expect(page.getByTestId('docs-fixes').textContent()).resolves.toMatch(/^2 fixes made/);
  await page.getByTestId('lang-switch').selectOption('pt-BR');
  await expect(page.getByTestId('docs-mark-table').textContent()).resolves.toBe('Marcar como tabela');

  const previewed = (await page.getByTestId('docs-markdown').textContent()) ?? '';
  const table = [header, '| --- | --- | --- |', ...GUESSED.table.slice(1).map((r) => `| ${r.join(' | ')} |`)].join('\n');
  expect(previewed).toBe(`${GUESSED.lines[0]}\n\n## ${GUESSED.lines[1]}\n\n${GUESSED.lines[2]}\n\n${table}\n\n${GUESSED.closing}\n`);

  await page.getByTestId('docs-add').click();
  await page.getByTestId('ws-message').filter({ hasText: '1 documento adicionado' }).waitFor();
  await waitSaved(page);
  const stored = await storedDocs(page, 'guia.pdf');
  expect(stored).toHaveLength(1);
  expect(stored[0].text).toBe(previewed);
  expect(stored[0].meta?.structureEdited).toBe('yes');
  expect(stored[0].meta?.columnCuts).toBeUndefined();

  // The structure chunker in the inspector: the heading in the chunks' paths, the table's header
  // with its rows.
  await page.getByRole('button', { name: 'Inspecionar: guia.pdf' }).click();
  await page.getByTestId('insp-chunker').locator('option[value="structure"]').waitFor({ state: 'attached' });
  await page.getByTestId('insp-chunker').selectOption('structure');
  await setParam(page, 'maxTokens', 40);
  const chunkRows = page.locator('[data-testid="chunk-list"] button');
  await expect.poll(() => chunkRows.count(), { timeout: 60_000 }).toBeGreaterThan(1);
  const paths = await page.locator('[data-testid="chunk-list"] .path').allTextContents();
  expect(paths.some((p) => p.includes(GUESSED.lines[1]))).toBe(true);
  // Each chunk's indexed text (its prefix, where the table's header is repeated, then its range).
  const indexed: string[] = [];
  for (const row of await chunkRows.all()) {
    await row.click();
    indexed.push((await page.getByTestId('indexed-text').textContent()) ?? '');
  }
  const withRows = indexed.filter((t) => GUESSED.table.slice(1).some((r) => t.includes(`| ${r.join(' | ')} |`)));
  expect(withRows.length).toBeGreaterThan(0);
  for (const t of withRows) expect(t).toContain(header);
  expect(s.errors).toEqual([]);
});
