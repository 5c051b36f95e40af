// Tables of the generated corpus (issue 30 item 4), scored cell by cell against the labels: every
// PDF read by its layout (as an untagged file, the reader's defaults), its Markdown tables matched to
// the source's tables, and per producer and per document variant:
//   wanted       tables in the source (labels.tables)
//   found        tables in the Markdown
//   recovered    wanted tables matched by a found one with at least RECOVERED of their cells at the
//                right row and column
//   invented     found tables that match no wanted table (under INVENTED of their cells' text is in
//                any source table)
//   cells        wanted cells at their row and column in the matched table, over all wanted cells
//   cells found  wanted cells whose text is somewhere in a found table (in place or not)
// Slides (Impress) label a table as one element with its words (no rows or columns): there a table
// is recovered when one found table holds RECOVERED of its words, and its cells are not counted.
// A wanted table and a found one are matched by the share of the wanted cells' text found anywhere in
// the found table (best first); row 0 is the header on both sides. Cell texts compared by their
// letters and digits (case, spaces and punctuation aside).
//   tsx bench/pdf-corpus/tables.ts [--dir .cache/pdf-corpus] [--limit N] [--engine <pdf.ts>] [--json out.json]
// The corpus comes from bench/pdf-corpus/generate.py (see its README); nothing here is in `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadPdfjs, pdfjsOptions } from '../../tests/engine/documents/pdfjs-node.ts';
import { markdownTables, type MdTable } from '../pdf-metrics.ts';
import type { Labels } from './align.ts';
import { currentPdfs } from './version.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const ROOT = join(import.meta.dirname, '..', '..');
const dir = arg('--dir', join(ROOT, '.cache', 'pdf-corpus'));
const limit = Number(arg('--limit', '0'));
const out = arg('--json', join(ROOT, 'bench', 'out', 'pdf-corpus-tables.json'));
const engine = resolve(arg('--engine', join(ROOT, 'src/engine/documents/pdf/pdf.ts')));
const { pdfToMarkdown } = (await import(engine)) as typeof import('../../src/engine/documents/pdf/pdf.ts');

/** Share of a wanted table's cells at their place for it to count as recovered. */
const RECOVERED = 0.9;
/** Share of a found table's cells present in some source table below which it is invented. */
const INVENTED = 0.3;
/** Share of a wanted table's cell texts a found table must hold to be matched with it. */
const MATCH = 0.3;

const key = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const grid = (t: MdTable) => [t.header, ...t.rows].map((r) => r.map(key));

interface Tally {
  docs: number;
  wanted: number;
  found: number;
  recovered: number;
  invented: number;
  cells: number;
  cellsRight: number;
  cellsFound: number;
}
const zero = (): Tally => ({ docs: 0, wanted: 0, found: 0, recovered: 0, invented: 0, cells: 0, cellsRight: 0, cellsFound: 0 });

const wordKeys = (s: string) => s.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * One document's tables: found against wanted. `loose`: tables known only by their words (slides),
 * each as its word list.
 */
export function scoreTables(found: MdTable[], want: MdTable[], loose: string[][] = []): Omit<Tally, 'docs'> {
  const fg = found.map(grid);
  const wg = want.map(grid);
  const looseHits = looseTables(found, loose);
  const bags = fg.map((g) => new Set(g.flat().filter(Boolean)));
  const wantBag = new Set(wg.flatMap((g) => g.flat()).filter(Boolean));
  // Candidate pairs by the share of the wanted table's cell texts the found table holds.
  const pairs: { w: number; f: number; share: number }[] = [];
  wg.forEach((g, w) => {
    const cells = g.flat().filter(Boolean);
    fg.forEach((_, f) => {
      const share = cells.length ? cells.filter((c) => bags[f].has(c)).length / cells.length : 0;
      if (share >= MATCH) pairs.push({ w, f, share });
    });
  });
  pairs.sort((a, b) => b.share - a.share);
  // Greedy, best share first: each wanted table and each found table in one pair at most.
  const matchOf = new Map<number, number>();
  const usedF = new Set<number>();
  for (const p of pairs) {
    if (matchOf.has(p.w) || usedF.has(p.f)) continue;
    matchOf.set(p.w, p.f);
    usedF.add(p.f);
  }
  const t = { wanted: want.length + loose.length, found: found.length, recovered: looseHits.recovered, invented: 0, cells: 0, cellsRight: 0, cellsFound: 0 };
  wg.forEach((g, w) => {
    const cells = g.flatMap((row, i) => row.map((c, j) => ({ c, i, j }))).filter((x) => x.c);
    t.cells += cells.length;
    const f = matchOf.get(w);
    if (f === undefined) return;
    const fgr = fg[f];
    const right = cells.filter((x) => fgr[x.i]?.[x.j] === x.c).length;
    t.cellsRight += right;
    t.cellsFound += cells.filter((x) => bags[f].has(x.c)).length;
    if (cells.length && right / cells.length >= RECOVERED) t.recovered++;
  });
  fg.forEach((g, f) => {
    if (usedF.has(f) || looseHits.used.has(f)) return;
    const cells = g.flat().filter(Boolean);
    if (!cells.length || cells.filter((c) => wantBag.has(c)).length / cells.length < INVENTED) t.invented++;
  });
  return t;
}

/** Tables known by their words only, matched greedily to found tables by the share of their words each holds. */
function looseTables(found: MdTable[], loose: string[][]): { recovered: number; used: Set<number> } {
  const bags = found.map((t) => new Set([t.header, ...t.rows].flat().flatMap(wordKeys)));
  const used = new Set<number>();
  let recovered = 0;
  for (const words of loose) {
    const keys = words.flatMap(wordKeys);
    let best = -1;
    let share = 0;
    bags.forEach((b, f) => {
      if (used.has(f)) return;
      const s = keys.length ? keys.filter((k) => b.has(k)).length / keys.length : 0;
      if (s > share) [best, share] = [f, s];
    });
    if (best < 0 || share < MATCH) continue;
    used.add(best);
    if (share >= RECOVERED) recovered++;
  }
  return { recovered, used };
}

const add = (a: Tally, b: Omit<Tally, 'docs'>) => {
  a.docs++;
  for (const k of Object.keys(b) as (keyof typeof b)[]) a[k] += b[k];
};

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('tables.ts')) {
  if (!existsSync(dir)) {
    console.error(`no corpus at ${dir}: see bench/pdf-corpus/README.md (generate.py)`);
    process.exit(2);
  }
  const files = currentPdfs(dir, process.argv.includes('--allow-stale')).pdfs;
  const use = limit ? files.filter((_, i) => i % Math.max(1, Math.floor(files.length / limit)) === 0).slice(0, limit) : files;
  const pdfjs = await loadPdfjs();
  const byProducer: Record<string, Tally> = {};
  const byVariant: Record<string, Tally> = {};
  const all = zero();
  const perDoc: { name: string; score: Omit<Tally, 'docs'> }[] = [];
  for (const f of use) {
    const name = f.replace(/\.pdf$/, '');
    const labels = JSON.parse(readFileSync(join(dir, `${name}.labels.json`), 'utf8')) as Labels;
    if (!labels.tables?.length && !labels.producer) continue;
    let md = '';
    try {
      md = (await pdfToMarkdown(new Uint8Array(readFileSync(join(dir, f))), pdfjs, { ...pdfjsOptions, ignoreStructure: true })).markdown;
    } catch (e) {
      process.stderr.write(`${name}: ${(e as Error).message}\n`);
      continue;
    }
    const loose = labels.tables?.length ? [] : labels.elements.filter((e) => e.role === 'cell' && (e as { table?: boolean }).table).map((e) => [e.text]);
    const s = scoreTables(markdownTables(md), labels.tables ?? [], loose);
    perDoc.push({ name, score: s });
    add((byProducer[labels.producer] ??= zero()), s);
    add((byVariant[`${labels.producer}-${labels.variant}`] ??= zero()), s);
    add(all, s);
  }
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '-');
  const row = (g: string, t: Tally) =>
    `  ${g.padEnd(24)} ${String(t.docs).padStart(4)} ${`${t.recovered}/${t.wanted}`.padStart(9)} ${String(t.invented).padStart(8)} ${String(t.found).padStart(6)} ${pct(t.cellsRight, t.cells).padStart(6)} ${pct(t.cellsFound, t.cells).padStart(11)}`;
  const head = `  ${'group'.padEnd(24)} ${'docs'.padStart(4)} ${'recovered'.padStart(9)} ${'invented'.padStart(8)} ${'found'.padStart(6)} ${'cells'.padStart(6)} ${'cells found'.padStart(11)}`;
  console.log('by producer');
  console.log(head);
  for (const [g, t] of Object.entries(byProducer).sort()) console.log(row(g, t));
  console.log(row('all', all));
  console.log('by variant');
  console.log(head);
  for (const [g, t] of Object.entries(byVariant).sort()) console.log(row(g, t));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ dir, docs: all.docs, all, byProducer, byVariant, perDoc }, null, 1));
  console.log(JSON.stringify({ all }));
}
