// The corpus bench reads only documents of the generator version that made them (review R4-4):
// bench/pdf-corpus/version.ts against a folder of stamped, older and unstamped labels.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { GENERATOR_VERSION, currentPdfs } from '../../bench/pdf-corpus/version.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
/** A folder holding two current documents, one of the version before and one unstamped (when `stale`). */
function corpus(stale: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-corpus-version-'));
  dirs.push(dir);
  doc(dir, 'a-x-en-1', GENERATOR_VERSION);
  doc(dir, 'b-x-en-2', GENERATOR_VERSION);
  if (stale) {
    doc(dir, 'c-x-en-3', GENERATOR_VERSION - 1);
    doc(dir, 'd-x-en-4');
  }
  return dir;
}
function doc(dir: string, name: string, generator?: number) {
  writeFileSync(join(dir, `${name}.pdf`), '%PDF-1.4\n');
  writeFileSync(join(dir, `${name}.labels.json`), JSON.stringify({ producer: 'latex', elements: [], ...(generator === undefined ? {} : { generator }) }));
}

describe('pdf corpus generator version', () => {
  test('the version is generate.py\'s, read from the same file', () => {
    const py = readFileSync('bench/pdf-corpus/generate.py', 'utf8');
    expect(py).toContain('generator-version.json');
    expect(GENERATOR_VERSION).toBe(JSON.parse(readFileSync('bench/pdf-corpus/generator-version.json', 'utf8')).version);
    expect(Number.isInteger(GENERATOR_VERSION)).toBe(true);
  });

  test('a folder of current documents is read whole', () => {
    const { pdfs, version } = currentPdfs(corpus(false), false);
    expect(pdfs).toEqual(['a-x-en-1.pdf', 'b-x-en-2.pdf']);
    expect(version).toEqual({ generator: GENERATOR_VERSION, documents: 2, stale: {} });
  });

  test('older or unstamped documents are refused, naming them and the command that remakes them', () => {
    expect(() => currentPdfs(corpus(true), false)).toThrow(/2 of 4 documents .* not made by generator version .*c-x-en-3: \d+, d-x-en-4: unstamped.*generate\.py --out/);
  });

  test('--allow-stale leaves them out and says so', () => {
    const { pdfs, version } = currentPdfs(corpus(true), true);
    expect(pdfs).toEqual(['a-x-en-1.pdf', 'b-x-en-2.pdf']);
    expect(version.stale).toEqual({ 'c-x-en-3': GENERATOR_VERSION - 1, 'd-x-en-4': null });
  });
});
