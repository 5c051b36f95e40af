// `convert <file> [--out <file.md>] [--pages]`: one document to the Markdown the chunkers read, the
// page map beside it, one summary line on stderr (docs/CONTRACT.md).
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectOneLineError, runCli } from './helpers.ts';

const FIX = 'tests/fixtures/documents';
const tmp = () => mkdtempSync(join(tmpdir(), 'chunklab-convert-'));
const outline = (md: string) => md.split('\n').flatMap((l) => (/^(#{1,6}) (.*)$/.exec(l) ? [{ level: /^#+/.exec(l)![0].length, title: l.replace(/^#+ /, '') }] : []));

describe('convert', () => {
  test('a PDF to Markdown with its page map: the outline of its spec, contiguous page ranges, one summary line', async () => {
    const dir = tmp();
    const out = join(dir, 'manual.md');
    const r = await runCli(['convert', join(FIX, 'manual.pdf'), '--out', out, '--pages']);
    expect(r.code, r.err).toBe(0);
    const md = readFileSync(out, 'utf8');
    const want = JSON.parse(readFileSync(join(FIX, 'manual.expected.json'), 'utf8')) as { outline: { level: number; title: string }[]; tables: unknown[] };
    expect(outline(md)).toEqual(want.outline);
    const pages = JSON.parse(readFileSync(`${out}.pages.json`, 'utf8')) as { page: number; start: number; end: number }[];
    expect(pages[0].start).toBe(0);
    for (let i = 1; i < pages.length; i++) expect(pages[i].start).toBe(pages[i - 1].end);
    expect(pages[pages.length - 1].end).toBe(md.length);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^convert +5 pages, ${want.outline.length} headings, ${want.tables.length} tables?, [1-9]\\d* running lines? removed, \\d+ warnings?`));
    expect(r.out).toBe('');
  });
  test('Markdown goes to stdout unchanged; a Word file gives its headings', async () => {
    const dir = tmp();
    const text = '# Title\n\nSome text.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n';
    writeFileSync(join(dir, 'note.md'), text);
    const r = await runCli(['convert', join(dir, 'note.md')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(text);
    expect(r.err).toMatch(/^convert +1 page, 1 heading, 1 table, 0 running lines removed, 0 warnings\n$/);
    copyFileSync(join(FIX, 'policy.docx'), join(dir, 'policy.docx'));
    const w = await runCli(['convert', join(dir, 'policy.docx'), '--out', join(dir, 'policy.md')]);
    expect(w.code, w.err).toBe(0);
    const want = JSON.parse(readFileSync(join(FIX, 'policy.expected.json'), 'utf8')) as { outline: { level: number; title: string }[] };
    expect(outline(readFileSync(join(dir, 'policy.md'), 'utf8'))).toEqual(want.outline);
  });
  test('bad input: one line, exit 2, nothing written', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.md'), '# a\n');
    expectOneLineError(await runCli(['convert', join(dir, 'a.md'), '--pages']), /--pages needs --out/);
    expectOneLineError(await runCli(['convert']), /give the file to convert/);
    writeFileSync(join(dir, 'x.xyz'), 'x');
    expectOneLineError(await runCli(['convert', join(dir, 'x.xyz'), '--out', join(dir, 'x.md')]), /not a document/);
    expect(existsSync(join(dir, 'x.md'))).toBe(false);
    writeFileSync(join(dir, 'bad.pdf'), 'not a pdf at all');
    expectOneLineError(await runCli(['convert', join(dir, 'bad.pdf'), '--out', join(dir, 'bad.md')]), /bad\.pdf.*not a PDF/);
    expect(existsSync(join(dir, 'bad.md'))).toBe(false);
  });
});
