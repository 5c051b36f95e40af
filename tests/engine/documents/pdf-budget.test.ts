// The page budget (issue 33): a page whose content would cost pdf.js days (Form XObjects painting each
// other in a fan-out, 2^29 text runs from 6.5 KB) or quadratic time (a million nested `q`) is left out
// with a warning naming it, and the rest of the document is read. The hostile files are generated
// (scripts/pdf-cases-budget.ts). The end-to-end checks run the CLI in a child process under a time
// limit that only says "it finishes": without the budget the child would still be working when the
// limit kills it (days), and the test fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fanOutPdf, nestedSavePdf } from '../../../scripts/pdf-cases-budget.ts';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { PageBudget } from '../../../src/engine/documents/pdf/read/budget.ts';
import { checkInflatedSizes } from '../../../src/engine/documents/pdf/read/streams.ts';
import { PAGE_BUDGET } from '../../../src/engine/documents/pdf/thresholds.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const root = new URL('../../../', import.meta.url).pathname;

async function costs(bytes: Uint8Array) {
  const budget = PageBudget.of(bytes, await checkInflatedSizes(bytes), 3);
  expect(budget).not.toBeNull();
  return Promise.all([1, 2, 3].map((n) => budget!.cost(n)));
}

describe('the page budget scan', () => {
  test('counts a fan-out of forms as painted: 2^levels text runs, operators multiplied the same way', async () => {
    const [first, hostile, last] = await costs(fanOutPdf(10));
    // Page 2: one line of its own, then X1 → … → X10, each painting the next twice, X10 one line.
    expect(hostile!.textRuns).toBe(1 + 2 ** 9);
    expect(hostile!.forms).toBe(2 ** 10 - 1);
    expect(hostile!.depth).toBe(10);
    expect(first!.textRuns).toBe(2);
    expect(last!.textRuns).toBe(2);
    expect(budgetOver(hostile!)).toBeNull();
    const [, deep] = await costs(fanOutPdf(29));
    expect(budgetOver(deep!)).toMatch(/forms|operators|text/);
  });

  test('follows the nesting of saved states: a million levels are over the budget, the other pages are not', async () => {
    const [first, hostile, last] = await costs(nestedSavePdf(1_000_000));
    expect(hostile!.depth).toBe(1_000_000);
    expect(budgetOver(hostile!)).toMatch(/1,000,000 levels deep/);
    expect(budgetOver(first!)).toBeNull();
    expect(budgetOver(last!)).toBeNull();
    const [, shallow] = await costs(nestedSavePdf(PAGE_BUDGET.MAX_SAVE_DEPTH));
    expect(shallow!.depth).toBe(PAGE_BUDGET.MAX_SAVE_DEPTH);
    expect(budgetOver(shallow!)).toBeNull();
  });

  test('a page within the budget reads as before: every run of a small fan-out, in a document with no note', async () => {
    const r = await pdfToMarkdown(fanOutPdf(4), loadPdfjs, pdfjsOptions);
    expect(r.markdown).toContain('Text before the hostile page.');
    expect(r.markdown).toContain('Text after the hostile page.');
    expect(r.markdown.match(/fan/g)?.length).toBe(8);
    expect(r.notes.join(' ')).not.toMatch(/budget/);
  });

  test('a page past the budget is left out with a note naming it, in the reader', async () => {
    const r = await pdfToMarkdown(nestedSavePdf(1_000_000), loadPdfjs, pdfjsOptions);
    expect(r.markdown).toContain('Text before the hostile page.');
    expect(r.markdown).toContain('Text after the hostile page.');
    expect(r.markdown).not.toContain('deep inside');
    expect(r.notes.join(' ')).toMatch(/left out unread.*levels deep.*\(p\. 2\)/);
    expect(r.pageCount).toBe(3);
  });
});

function budgetOver(c: NonNullable<Awaited<ReturnType<PageBudget['cost']>>>): string | null {
  // `over` reads the budget only, not the file: any instance will do.
  return PageBudget.of(nestedSavePdf(1), [], 3)!.over(c);
}

describe('the CLI reads the attack files to the end (a child process that must finish)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-budget-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, make] of [
    ['fan-out-29.pdf', () => fanOutPdf(29)],
    ['nested-q-1m.pdf', () => nestedSavePdf(1_000_000)],
  ] as const) {
    test(`${name}: pages 1 and 3 converted, page 2 named in a warning`, () => {
      const file = join(dir, name);
      writeFileSync(file, make());
      const out = join(dir, `${name}.md`);
      // The limit only says "finishes": without the budget the child runs for days (fan-out) or
      // many minutes (nesting) and is killed here.
      const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'convert', file, '--out', out], { cwd: root, encoding: 'utf8', timeout: 240_000, killSignal: 'SIGKILL' });
      expect(r.signal, 'the conversion did not finish').toBeNull();
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/3 pages/);
      expect(r.stderr).toMatch(/left out unread[^;]*\(p\. 2\)/);
      const md = readFileSync(out, 'utf8');
      expect(md).toContain('Text before the hostile page.');
      expect(md).toContain('Text after the hostile page.');
    }, 300_000);
  }
});
