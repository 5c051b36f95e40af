// The import preview names a layout the PDF reader read badly (issue 33), in the page's language: a
// table turned sideways among upright text (scripts/pdf-cases-doubts.ts) is chosen; the preview
// says so in Portuguese, then in English after the switch, and opens the structure fixer.
import { expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, useBrowser } from './helpers';
import { sidewaysTablePdf } from '../../scripts/pdf-cases-doubts.ts';

const s = useBrowser();

test('a sideways table among upright text: the preview warns, in both languages, and opens the fixer', async () => {
  const { page } = s;
  const file = join(mkdtempSync(join(tmpdir(), 'chunklab-doubt-')), 'girada.pdf');
  writeFileSync(file, await sidewaysTablePdf(true));
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles(file);
  await page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 120_000 });
  const doubt = page.locator('[data-testid="docs-doubt"][data-doubt="sideways-text"]');
  await doubt.waitFor();
  expect(await doubt.textContent()).toContain('tabela girada');
  // The generic "few font cues" sentence is not shown for this reason.
  expect(await page.getByTestId('docs-guessed').count()).toBe(0);
  expect(await page.getByTestId('docs-fix').getAttribute('open')).not.toBeNull();
  await page.getByTestId('lang-switch').selectOption('en');
  await expect.poll(async () => (await doubt.textContent()) ?? '').toContain('rotated table');
});
