// Markdown of every PDF the bench reads, written to a folder (one <name>.md each), so that two
// versions of the reader can be compared byte for byte (`diff -r before/ after/`) after a change
// that should not change output (speed work).
//   tsx bench/pdf-snapshot.ts <out folder> [--engine <pdf.ts>] [folder of PDFs…]
// Documents: the generated cases of scripts/pdf-cases*.ts, tests/fixtures/documents/public, and the
// folders given; tagged PDFs are also written read as untagged (<name>.untagged.md).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { allCases } from '../scripts/pdf-cases.ts';
import { runInCase } from '../scripts/pdf-cases-extra.ts';
import { codeNamesCase, outlineCase } from '../scripts/pdf-cases-outline.ts';
import { rotatedCase } from '../scripts/pdf-cases-rotated.ts';
import { leaderCase } from '../scripts/pdf-cases-leaders.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const argv = process.argv.slice(2);
const e = argv.indexOf('--engine');
const enginePath = resolve(e >= 0 ? argv[e + 1] : join(import.meta.dirname, '../src/engine/documents/pdf/pdf.ts'));
const rest = argv.filter((a, i) => a !== '--engine' && argv[i - 1] !== '--engine');
const out = rest[0];
if (!out) throw new Error('usage: tsx bench/pdf-snapshot.ts <out folder> [--engine pdf.ts] [folders…]');
const { pdfToMarkdown } = (await import(enginePath)) as typeof import('../src/engine/documents/pdf/pdf.ts');
mkdirSync(out, { recursive: true });
const docs: { name: string; bytes: Uint8Array }[] = [];
for (const c of [...(await allCases()), await runInCase(), await outlineCase(), await codeNamesCase(), await rotatedCase(), await leaderCase()]) docs.push({ name: c.name, bytes: c.bytes });
for (const dir of [join(import.meta.dirname, '../tests/fixtures/documents/public'), ...rest.slice(1)]) {
  for (const f of readdirSync(dir).filter((x) => x.toLowerCase().endsWith('.pdf')).sort()) docs.push({ name: basename(f), bytes: new Uint8Array(readFileSync(join(dir, f))) });
}
for (const d of docs) {
  for (const ignoreStructure of [false, true]) {
    let text: string;
    try {
      const r = await pdfToMarkdown(d.bytes, loadPdfjs, { ...pdfjsOptions, ignoreStructure });
      text = `${JSON.stringify({ pages: r.pages, headings: r.headings, notes: r.notes, runningLines: r.runningLines, guessed: r.guessed, title: r.title, columns: r.columns })}\n${r.markdown}`;
    } catch (err) {
      text = `ERROR ${(err as Error).message}`;
    }
    writeFileSync(join(out, `${d.name.replace(/[^\w.-]+/g, '_')}${ignoreStructure ? '.untagged' : ''}.md`), text);
  }
}
console.log(`${docs.length} documents written to ${out}`);
