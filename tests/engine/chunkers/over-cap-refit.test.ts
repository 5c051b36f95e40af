// A table whose header row is wider than the character cap (maxTokens × MAX_CHARS_PER_TOKEN): the
// one chunk allowed over the cap ('over-cap': column names with the first word of the first row) is
// cut again by finalize; its pieces then fit the cap and must not keep the 'over-cap' flag (it would
// tell the inspector and the lints that a chunk under the cap went over it).
import { expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { MAX_CHARS_PER_TOKEN } from '../../../src/engine/chunkers/kit/finalize.ts';
import { tokenizer } from './helpers.ts';

const CAP = 16;
const columns = Array.from({ length: 260 }, (_, i) => `coluna${i}`);
const MD = `# Tabela larga\n\n| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |\n| ${columns.map((_, i) => `valor${i}`).join(' | ')} |\n`;

test("pieces of an over-cap chunk cut again by finalize fit the cap and are not flagged 'over-cap'", async () => {
  const headerLine = MD.split('\n')[2];
  expect(headerLine.length).toBeGreaterThan(CAP * MAX_CHARS_PER_TOKEN);
  const doc = parseDocument({ id: 'wide', text: MD, format: 'markdown' });
  const chunks = await chunkDocument(doc, 'structure', { maxTokens: CAP, header: false }, { tokenizer });
  expect(chunks.length).toBeGreaterThan(1);
  for (const c of chunks) {
    const n = tokenizer.count(c.prefix + MD.slice(c.start, c.end));
    expect(c.tokens).toBe(n);
    if (c.flags.includes('over-cap')) expect(n, `${c.id} flagged over-cap`).toBeGreaterThan(CAP);
  }
});
