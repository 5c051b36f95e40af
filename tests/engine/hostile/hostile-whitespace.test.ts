// Long runs of whitespace through every reader and chunker grow linearly: the time for 1 MB is
// compared with the time for 128 KB of the same input (never an absolute time). The regular
// expressions that were quadratic on blank runs (/\s+$/, /[ \t]+$/gm, a lazy group before
// [ \t]*$) took tens of seconds on 100 KB. Eight times the input: linear growth reads 8× (less,
// with the fixed costs), quadratic 64×; the bound, 24×, leaves linear three times the room that
// other processes' bursts of work would need to push it over (with 0.5 vs 1 MB and a 4× bound a
// linear run read 4.04× once, under load), and a cost that is partly quadratic fails as soon as
// the quadratic part is three quarters of the 1 MB time (0.5 vs 1 MB caught only a purely
// quadratic one).
import { describe, expect, test } from 'vitest';
import { CHUNKER_IDS, chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { docUnits, parseDocument } from '../../../src/engine/documents/index.ts';
import { duplicateKey } from '../../../src/engine/formats/documents-folder.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import { trimBlanksEnd, trimCodeBlock, trimLineEnds } from '../../../src/engine/util/whitespace.ts';
import type { DocFormat } from '../../../src/engine/types.ts';
import { tokenizer } from '../chunkers/helpers.ts';

const INPUTS: [string, DocFormat, (n: number) => string][] = [
  ['spaces between words', 'markdown', (n) => 'a' + ' '.repeat(n) + 'b'],
  ['spaces between words', 'text', (n) => 'a' + ' '.repeat(n) + 'b'],
  ['tabs at a line end', 'text', (n) => 'a' + '\t'.repeat(n) + 'x\nb'],
  ['no-break spaces', 'markdown', (n) => 'a' + '\u00a0'.repeat(n) + 'b'],
  ['space-newline pairs', 'markdown', (n) => 'a' + ' \n'.repeat(n / 2) + 'b'],
  ['spaces in a fenced code block', 'markdown', (n) => '```\nx' + ' '.repeat(n) + 'y\n```\n'],
  ['spaces in an HTML <pre>', 'html', (n) => '<html><body><pre>x' + ' '.repeat(n) + 'y</pre></body></html>'],
  ['spaces in front matter', 'markdown', (n) => '---\ntitle: a' + ' '.repeat(n) + 'b\n---\n\nBody.'],
];

const SMALL = 128 * 1024;

/** Every reader and chunker over one text; milliseconds. */
async function pipeline(text: string, format: DocFormat): Promise<number> {
  const t = performance.now();
  duplicateKey(text);
  const doc = parseDocument({ id: 'ws', text, format, meta: { language: 'en' } });
  docUnits(doc, 'en');
  const embed = lexicalEmbedderFor(doc).embed;
  for (const id of CHUNKER_IDS) {
    if (id === 'llm') continue; // asks a model: covered by its own tests
    await chunkDocument(doc, id, { maxTokens: 128 }, { tokenizer, embed });
  }
  return performance.now() - t;
}

describe('whitespace runs: every reader and chunker grows linearly (128 KB vs 1 MB)', () => {
  test.each(INPUTS)('%s (%s)', async (_name, format, make) => {
    const small = make(SMALL);
    const full = make(8 * SMALL);
    await pipeline(make(4096), format); // warm up
    let a = Infinity;
    let b = Infinity;
    // The best of three each, taken in turn: the unit project runs two files at a time, and another
    // file's burst of work can land in one timing; noise only ever lengthens a timing.
    for (let i = 0; i < 3; i++) {
      a = Math.min(a, await pipeline(small, format));
      b = Math.min(b, await pipeline(full, format));
    }
    expect(b / Math.max(a, 5)).toBeLessThan(24);
  }, 300_000);
});

test('the linear trims agree with the regular expressions they replace', () => {
  const samples = ['', ' ', 'a \t', 'a\t \nb  \n\n c \t', '\n\n x \n', ' \u00a0x\u00a0 \t\n', 'x\n  y \n'];
  for (const s of samples) {
    expect(trimLineEnds(s)).toBe(s.replace(/[ \t]+$/gm, ''));
    expect(trimCodeBlock(s)).toBe(s.replace(/^\n+|\s+$/g, ''));
    expect(trimBlanksEnd(s)).toBe(s.replace(/[ \t]+$/, ''));
  }
});
