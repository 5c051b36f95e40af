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
import { leaderSheet, tocColumns } from '../scripts/pdf-cases-leaders.ts';
import { guessedStructure, runInHeadings } from '../scripts/pdf-cases-extra.ts';
import { columnCases } from '../scripts/pdf-cases-columns.ts';
import { frontMatterCase, runningBookCase, boldLabelsCase } from '../scripts/pdf-cases-headings.ts';
import { recordsCase } from '../scripts/pdf-cases-records.ts';
import { shadedBenchCases, shadedCells, bandedTable, zebraTable, ruledRows } from '../scripts/pdf-cases-shaded.ts';
import { upLabelsCase } from '../scripts/pdf-cases-uplabels.ts';
import { subscriptProse, captionedGrid, proseColumns, sectionedTable } from '../scripts/pdf-cases-borderless.ts';
import { producerCase, runningCase, noHeadingsCase, numbersOnlyCase, bareHeadingsCase, titleOnlyCase, repeatedHeaderCase } from '../scripts/pdf-cases-tagged.ts';
import { outlineManual, codeNamesManual, tightSubsections } from '../scripts/pdf-cases-outline.ts';
import { hugeFont, tinyMono } from '../scripts/pdf-cases.ts';
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
// With --all: every other generated case of scripts/pdf-cases-*.ts and every fixture folder (a
// wider net for refactors that must not change a byte).
if (argv.includes('--all')) {
  const named: [string, () => Promise<{ bytes: Uint8Array } | Uint8Array>][] = [
    ['leaderSheet', leaderSheet], ['tocColumns', tocColumns], ['guessedStructure', guessedStructure], ['runInHeadings', runInHeadings],
    ['frontMatter', frontMatterCase], ['runningBook', runningBookCase], ['boldLabels', boldLabelsCase], ['records', recordsCase],
    ['shadedCells', shadedCells], ['bandedTable', bandedTable], ['zebraTable', zebraTable], ['ruledRows', ruledRows], ['upLabels', upLabelsCase],
    ['subscriptProse', subscriptProse], ['captionedFigure', () => captionedGrid('Figure')], ['captionedTable', () => captionedGrid('Table')],
    ['proseColumns', proseColumns], ['sectionedTable', sectionedTable], ['taggedProducer', () => producerCase()], ['taggedProducerUnmarked', () => producerCase(false)],
    ['taggedRunning', runningCase], ['taggedNoHeadings', noHeadingsCase], ['taggedNumbersOnly', numbersOnlyCase], ['taggedBare', bareHeadingsCase],
    ['taggedTitleOnly', titleOnlyCase], ['taggedRepeatedHeader', repeatedHeaderCase], ['outlineManual', outlineManual], ['codeNames', codeNamesManual],
    ['tightSubsections', tightSubsections], ['hugeFont', hugeFont], ['tinyMono', tinyMono],
  ];
  for (const [name, make] of named) {
    const r = await make();
    docs.push({ name: `case-${name}`, bytes: r instanceof Uint8Array ? r : r.bytes });
  }
  for (const c of [...(await columnCases()), ...(await shadedBenchCases())]) docs.push({ name: `case-${c.name}`, bytes: c.bytes });
  rest.push(join(import.meta.dirname, '../tests/fixtures/documents'), join(import.meta.dirname, '../tests/fixtures/documents/scripts'));
}
for (const dir of [join(import.meta.dirname, '../tests/fixtures/documents/public'), ...rest.slice(1).filter((a) => a !== '--all')]) {
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
