// `--dataset <plain folder of documents>`: chunk reads PDF, Word, Markdown, text and HTML files as
// documents (id = file name without extension); eval says there are no questions (exit 2).
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectOneLineError, runCli } from './helpers.ts';
import { loadDataset } from '../../src/node/files.ts';

const FIX = 'tests/fixtures/documents';
const tmp = () => mkdtempSync(join(tmpdir(), 'chunklab-docs-'));
const manual = JSON.parse(readFileSync(join(FIX, 'manual.expected.json'), 'utf8')) as { outline: { level: number; title: string }[] };

interface Line {
  docId: string;
  start: number;
  end: number;
  text: string;
  prefix?: string;
  headingPath: string[];
}

describe('a plain folder of documents', () => {
  test('chunk --chunker structure --context-header on the manual PDF: section paths in the prefixes, no orphan heading', async () => {
    const dir = tmp();
    copyFileSync(join(FIX, 'manual.pdf'), join(dir, 'manual.pdf'));
    const out = join(dir, 'chunks.jsonl');
    const r = await runCli(['chunk', '--dataset', dir, '--chunker', 'structure', '--max-tokens', '200', '--context-header', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
    expect(lines.length).toBeGreaterThan(1);
    const ds = await loadDataset(dir);
    expect(ds.documents.map((d) => d.id)).toEqual(['manual']);
    const text = ds.documents[0].text;
    // The heading path at an offset, computed from the Markdown's heading lines.
    const headings = [...text.matchAll(/^(#{1,6}) (.+)$/gm)].map((m) => ({ at: m.index!, level: m[1].length, title: m[2].trim() }));
    const pathAt = (offset: number) => {
      const stack: { level: number; title: string }[] = [];
      for (const h of headings) {
        if (h.at > offset) break;
        while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
        stack.push(h);
      }
      return stack.map((h) => h.title);
    };
    for (const c of lines) {
      expect(c.docId).toBe('manual');
      expect(c.text).toBe(text.slice(c.start, c.end));
      // The prefix carries the chunk's section path, outermost first.
      expect(c.headingPath.length).toBeGreaterThan(0);
      // The section path at the chunk's start, or (sibling sections merged into one chunk) their common ancestors.
      const here = pathAt(c.start);
      expect(here.slice(0, c.headingPath.length)).toEqual(c.headingPath);
      expect(c.prefix).toContain(c.headingPath.join(' > '));
      // No orphan heading: the chunk's last non-blank line is not a Markdown heading.
      const last = c.text.trimEnd().split('\n').pop() ?? '';
      expect(last, `chunk ${c.start}-${c.end} ends with a heading`).not.toMatch(/^#{1,6} /);
    }
    // Every heading of the manual came back at its level.
    expect(headings.map((h) => ({ level: h.level, title: h.title }))).toEqual(manual.outline);
  });

  test('a mix of PDF, Word, Markdown, text and HTML: one document each, file name and type kept', async () => {
    const dir = tmp();
    copyFileSync(join(FIX, 'manual.pdf'), join(dir, 'manual.pdf'));
    copyFileSync(join(FIX, 'policy.docx'), join(dir, 'policy.docx'));
    writeFileSync(join(dir, 'notes.md'), '# Notes\n\nSome notes.');
    writeFileSync(join(dir, 'plain.txt'), 'Just text.');
    writeFileSync(join(dir, 'page.html'), '<h1>Page</h1><p>Body.</p>');
    writeFileSync(join(dir, 'same.txt'), 'Just text.\n');
    writeFileSync(join(dir, '.DS_Store'), 'x');
    const ds = await loadDataset(dir);
    expect(ds.source).toBe('documents');
    expect(ds.questions).toEqual([]);
    expect(ds.documents.map((d) => [d.id, d.format, d.meta?.fileName, d.meta?.fileType])).toEqual([
      ['manual', 'markdown', 'manual.pdf', 'pdf'],
      ['notes', 'markdown', 'notes.md', 'markdown'],
      ['page', 'html', 'page.html', 'html'],
      ['plain', 'text', 'plain.txt', 'text'],
      ['policy', 'markdown', 'policy.docx', 'docx'],
    ]);
    // same.txt has plain.txt's text: left out as a duplicate.
    expect(ds.documents.find((d) => d.id === 'manual')?.meta?.pages).toMatch(/^1@0( \d+@\d+)*$/);
  });

  test('eval on a folder without questions: "no questions", exit 2, one line', async () => {
    const dir = tmp();
    copyFileSync(join(FIX, 'manual.pdf'), join(dir, 'manual.pdf'));
    const r = await runCli(['eval', '--dataset', dir, '--chunker', 'structure', '--max-tokens', '200']);
    expectOneLineError(r, /no questions/);
  });

  test('a bad PDF refuses the folder in one line naming the file; two files with one id are refused', async () => {
    const dir = tmp();
    copyFileSync(join(FIX, 'truncated.pdf'), join(dir, 'broken.pdf'));
    const r = await runCli(['chunk', '--dataset', dir, '--chunker', 'structure', '--max-tokens', '200', '--out', join(dir, 'x.jsonl')]);
    expectOneLineError(r, /broken\.pdf.*truncated/);
    const twice = tmp();
    writeFileSync(join(twice, 'a.md'), '# A');
    writeFileSync(join(twice, 'a.txt'), 'A');
    await expect(loadDataset(twice)).rejects.toThrow(/two documents would have the id "a"/);
  });

  test('a symbolic link out of a documents folder is refused', async () => {
    const outside = tmp();
    writeFileSync(join(outside, 'secret.md'), '# Secret');
    const dir = tmp();
    writeFileSync(join(dir, 'a.md'), '# A');
    symlinkSync(join(outside, 'secret.md'), join(dir, 'b.md'));
    await expect(loadDataset(dir)).rejects.toThrow(/leaves the folder/);
  });

  test('one document file on its own is a dataset of one', async () => {
    const ds = await loadDataset(join(FIX, 'policy.docx'));
    expect(ds.documents.map((d) => d.id)).toEqual(['policy']);
    expect(ds.documents[0].text).toMatch(/^# /m);
  });
});

describe('the compiled CLI (npm run cli) on a documents folder', () => {
  test('pdf.js and mammoth load from node_modules: chunk works, eval says "no questions" (exit 2, one line)', async () => {
    const { spawnSync } = await import('node:child_process');
    const dir = tmp();
    copyFileSync(join(FIX, 'manual.pdf'), join(dir, 'manual.pdf'));
    copyFileSync(join(FIX, 'policy.docx'), join(dir, 'policy.docx'));
    const npm = (args: string[]) => spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], { encoding: 'utf8' });
    const out = join(dir, 'c.jsonl');
    const r = npm(['chunk', '--dataset', dir, '--chunker', 'structure', '--max-tokens', '200', '--context-header', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const ids = new Set(readFileSync(out, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as Line).docId));
    expect([...ids].sort()).toEqual(['manual', 'policy']);
    const e = npm(['eval', '--dataset', dir, '--chunker', 'structure', '--max-tokens', '200']);
    expect(e.status).toBe(2);
    const errLines = e.stderr.split('\n').filter((l) => l.startsWith('error: '));
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(/no questions/);
  });
});
