// `convert page.html`: the Markdown keeps the HTML's structure (headings at their level, lists,
// tables, code with its language), and the summary counts the headings the chunkers will see.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from './helpers.ts';
import { parseDocument } from '../../src/engine/documents/index.ts';

test('convert page.html writes Markdown headings, counted in the summary, and the same heading paths as the HTML', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-convert-html-'));
  const html = [
    '<html><head><title>T</title><script>alert(1)</script></head><body>',
    '<h1>Guia de pagamentos</h1><p>Introdução.</p>',
    '<h2>Prazos</h2><p># not a heading, just text</p><ul><li>Boleto</li><li>Pix</li></ul>',
    '<h2>Tabela</h2><table><tr><th>Meio</th><th>Dias</th></tr><tr><td>Boleto</td><td>3</td></tr></table>',
    '<h3>Código</h3><pre><code class="language-python">print("oi")</code></pre>',
    '</body></html>',
  ].join('');
  writeFileSync(join(dir, 'page.html'), html);
  const out = join(dir, 'page.md');
  const r = await runCli(['convert', join(dir, 'page.html'), '--out', out]);
  expect(r.code, r.err).toBe(0);
  const md = readFileSync(out, 'utf8');
  expect(md.split('\n').filter((l) => /^#{1,6} /.test(l))).toEqual(['# Guia de pagamentos', '## Prazos', '## Tabela', '### Código']);
  expect(md).toContain('```python\nprint("oi")\n```');
  expect(md).toMatch(/^- Boleto\n- Pix$/m);
  expect(md).not.toContain('alert');
  expect(r.err.trim()).toMatch(/^convert +1 page, 4 headings, 1 table, /);
  // The Markdown parsed back has the blocks and heading paths the HTML itself gives the chunkers.
  const fromHtml = parseDocument({ id: 'h', text: html, format: 'html' });
  const fromMd = parseDocument({ id: 'm', text: md, format: 'markdown' });
  const shape = (d: typeof fromHtml) => d.blocks.map((b) => [b.kind, b.headingPath.join(' > ')]);
  expect(shape(fromMd)).toEqual(shape(fromHtml));
});
