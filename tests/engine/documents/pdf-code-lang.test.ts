// PDF code fences keep their language where the document states it (issue 33): a label line naming
// one language before the block, a "Listing n" caption after it, the block's own markers (a printed
// Markdown fence, a shebang). Generated PDFs (pdf-lib: Helvetica prose, Courier code), each
// beside a control where nothing states the language and none is guessed.
import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { namedLanguage } from '../../../src/engine/documents/pdf/blocks/code-lang.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

/** One page: prose lines (Helvetica) and code lines (Courier), in order, 14 pt apart. */
async function page(parts: { prose?: string; code?: string[] }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const h = await pdf.embedFont(StandardFonts.Helvetica);
  const c = await pdf.embedFont(StandardFonts.Courier);
  const p = pdf.addPage([612, 792]);
  let y = 740;
  p.drawText('A short guide to the service and its clients, with examples.', { x: 72, y, size: 10, font: h });
  y -= 24;
  for (const part of parts) {
    if (part.prose) {
      p.drawText(part.prose, { x: 72, y, size: 10, font: h });
      y -= 20;
    }
    for (const line of part.code ?? []) {
      p.drawText(line, { x: 72 + 6 * (line.length - line.trimStart().length), y, size: 10, font: c });
      y -= 12;
    }
    y -= 14;
  }
  return pdf.save();
}
const md = async (parts: { prose?: string; code?: string[] }[]) => (await pdfToMarkdown(await page(parts), loadPdfjs, pdfjsOptions)).markdown;
const PY = ['def total(items):', '    return sum(i.price for i in items)'];

describe('the language a label names', () => {
  test('one language named: it; none or two: none', () => {
    expect(namedLanguage('Example in Python:')).toBe('python');
    expect(namedLanguage('Listing 2: a Bash script that installs the service')).toBe('bash');
    expect(namedLanguage('The request body (JSON):')).toBe('json');
    expect(namedLanguage('Listing 4: the JavaScript client')).toBe('javascript');
    expect(namedLanguage('Listing 5: the Java client')).toBe('java');
    expect(namedLanguage('The same call from Python and from JavaScript:')).toBeUndefined();
    expect(namedLanguage('The call, step by step:')).toBeUndefined();
  });
});

describe('PDF code blocks', () => {
  test('a label line before the block names its language', async () => {
    expect(await md([{ prose: 'Example in Python:', code: PY }])).toMatch(/```python\ndef total\(items\):\n\s+return sum\(i\.price for i in items\)\n```/);
  });
  test('a "Listing n" caption after the block names it too', async () => {
    expect(await md([{ code: ['SELECT id, total', 'FROM orders', 'WHERE total > 100;'] }, { prose: 'Listing 3: the SQL query behind the report' }])).toMatch(/```sql\nSELECT id, total/);
  });
  test('a printed Markdown fence gives its language and is taken out', async () => {
    const out = await md([{ prose: 'The configuration:', code: ['```yaml', 'service:', '  port: 8080', '```'] }]);
    expect(out).toMatch(/```yaml\nservice:\n\s+port: 8080\n```/);
    // The printed fence lines are gone: two fences in all, the reader's own.
    expect(out.match(/```/g)).toHaveLength(2);
  });
  test('a shebang gives its language', async () => {
    expect(await md([{ prose: 'Install it with this script.', code: ['#!/usr/bin/env bash', 'set -e', 'npm install'] }])).toContain('```bash\n#!/usr/bin/env bash');
  });
  test('nothing stated, nothing guessed: Python code under a label naming no language, or two', async () => {
    const plain = await md([{ prose: 'The function, step by step:', code: PY }]);
    expect(plain).toMatch(/```\ndef total/);
    const two = await md([{ prose: 'The same function in Python and in Ruby:', code: PY }]);
    expect(two).toMatch(/```\ndef total/);
    // A long paragraph that mentions a language is prose, not the block's label.
    const prose = await md([{ prose: 'Python is the language most of our clients use, and this is the function they call most often:', code: PY }]);
    expect(prose).toMatch(/```\ndef total/);
  });
});
