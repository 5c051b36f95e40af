// Tables of real PDFs against independent ground truth: the ICDAR 2013 table competition set
// (Göbel et al., 67 excerpts of EU and US government documents; tabula-java carries a copy under
// src/test/resources/technology/tabula/icdar2013-dataset). The set is not committed here: point
// --dir at a folder holding <name>.pdf and <name>-str.xml (cells: start-row/start-col[/end-row/
// end-col], content) and <name>-reg.xml (table regions: page and bounding box), searched recursively.
//   tsx bench/pdf-tables-icdar.ts --dir <folder> [--engine <path to a pdf.ts>] [--no-pdf2md] [--verbose] [--json] [--only <name,...>] [--write-tables]
// Scores, ours side by side with @opendocsg/pdf2md:
// - recovered/invented: bench/pdf-metrics.ts's tableScores (a Markdown table with a separator row
//   whose header equals the reference header, letters and digits only, and with as many body rows;
//   invented = a table that matches no reference header), the score bench/pdf-quality.ts reports;
// - located: reference tables whose best-matching table we wrote shares at least half its cells
//   (cell F1 ≥ 0.5), whatever the header; stray: tables we wrote sharing under 20% of their cells
//   with every reference table (a looser "invented");
// - cell F1: per reference table, F1 of the multiset of its non-empty cells (letters and digits
//   only) against the best-matching table we wrote (0 when none), averaged over reference tables.
// Reference tables as Markdown reads them: a cell spanning several columns or rows is written once,
// in its first row and column (as Camelot and ruled.ts read merged cells); the header is row 0,
// joined column by column with the rows under it when a row-0 cell spans down (a header drawn over
// several rows is one header row, as ruled.ts writes it). Each reference table is also classed by
// what the page draws over its region: "grid" (ruled.ts's gridsOf finds a grid covering it), "rules"
// (three or more horizontal rules across it: booktabs), or "borderless".
// --write-tables writes <name>.tables.json beside each PDF (the reference in bench/pdf-quality.ts's
// form), so `bench/pdf-quality.ts --dir` can score the same folder.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compactTitle, markdownTables, tableScores, type MdTable } from './pdf-metrics.ts';
import { referenceTables, type RefTable } from './icdar-tables.ts';
import { opCodesOf, segmentsOf, type OperatorList } from '../src/engine/documents/pdf/read/drawn.ts';
import { gridsOf } from '../src/engine/documents/pdf/tables/ruled.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = join(import.meta.dirname, '..');
const dir = arg('--dir');
if (!dir || !existsSync(dir)) {
  console.error('usage: tsx bench/pdf-tables-icdar.ts --dir <folder with ICDAR 2013 <name>.pdf, <name>-str.xml, <name>-reg.xml>');
  process.exit(2);
}
const enginePath = resolve(arg('--engine') ?? join(ROOT, 'src/engine/documents/pdf/pdf.ts'));
const { pdfToMarkdown } = (await import(enginePath)) as typeof import('../src/engine/documents/pdf/pdf.ts');
const verbose = process.argv.includes('--verbose');
const only = arg('--only')?.split(',');

// ---------------------------------------------------------------- ruled or borderless
type Pdfjs = { getDocument(o: object): { promise: Promise<any> }; OPS?: Record<string, number> };
async function classify(bytes: Uint8Array, tables: RefTable[]): Promise<void> {
  const pdfjs = (await loadPdfjs()) as unknown as Pdfjs;
  const codes = opCodesOf(pdfjs.OPS);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, ...pdfjsOptions.documentOptions }).promise;
  try {
    const byPage = new Map<number, ReturnType<typeof segmentsOf>>();
    for (const t of tables) {
      let kind: RefTable['kind'] = 'borderless';
      for (const r of t.regions) {
        if (!byPage.has(r.page)) {
          const page = await doc.getPage(r.page);
          byPage.set(r.page, segmentsOf((await page.getOperatorList()) as OperatorList, codes));
        }
        const segs = byPage.get(r.page);
        if (!segs) continue;
        const area = (r.x1 - r.x0) * (r.y1 - r.y0);
        const overlap = (g: { x0: number; x1: number; y0: number; y1: number }) => Math.max(0, Math.min(g.x1, r.x1) - Math.max(g.x0, r.x0)) * Math.max(0, Math.min(g.y1, r.y1) - Math.max(g.y0, r.y0));
        if (gridsOf(segs).some((g) => overlap(g) >= 0.5 * area)) kind = 'grid';
        else if (kind !== 'grid' && segs.h.filter((s) => s.y0 >= r.y0 - 4 && s.y0 <= r.y1 + 4 && Math.min(s.x1, r.x1) - Math.max(s.x0, r.x0) >= 0.5 * (r.x1 - r.x0)).length >= 3) kind = 'rules';
      }
      t.kind = kind;
    }
  } finally {
    await doc.destroy();
  }
}

// ---------------------------------------------------------------- cell agreement
function cellF1(a: MdTable, b: MdTable): number {
  const bag = (t: MdTable) => {
    const m = new Map<string, number>();
    for (const c of [t.header, ...t.rows].flat()) {
      const k = compactTitle(c);
      if (k) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const x = bag(a);
  const y = bag(b);
  let common = 0;
  let nx = 0;
  let ny = 0;
  for (const [k, n] of x) {
    common += Math.min(n, y.get(k) ?? 0);
    nx += n;
  }
  for (const n of y.values()) ny += n;
  return common && nx && ny ? (2 * common) / (nx + ny) : 0;
}

interface Score {
  recovered: number;
  invented: number;
  want: number;
  located: number;
  stray: number;
  found: number;
  f1: number[];
  /** Per reference table: recovered (header and rows), best cell F1. */
  per: { id: string; recovered: boolean; f1: number }[];
}

function score(md: string, want: RefTable[]): Score {
  const found = markdownTables(md);
  const s = tableScores(found, want);
  // Which reference tables tableScores counted as recovered (same greedy matching, replayed).
  const used = new Set<number>();
  const rec = new Set<number>();
  for (const t of found) {
    const key = t.header.map(compactTitle).join('|');
    const i = want.findIndex((w, k) => !used.has(k) && w.header.map(compactTitle).join('|') === key);
    if (i >= 0) {
      used.add(i);
      if (want[i].rows.length === t.rows.length) rec.add(i);
    }
  }
  const f1 = want.map((w) => Math.max(0, ...found.map((f) => cellF1(f, w))));
  const stray = found.filter((f) => want.every((w) => cellF1(f, w) < 0.2)).length;
  return { ...s, located: f1.filter((x) => x >= 0.5).length, stray, found: found.length, f1, per: want.map((w, i) => ({ id: w.id, recovered: rec.has(i), f1: f1[i] })) };
}

// ---------------------------------------------------------------- the documents
function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const files = walk(dir).filter((p) => p.endsWith('-str.xml')).sort();
let pdf2md: ((b: Uint8Array) => Promise<string>) | null = null;
if (!process.argv.includes('--no-pdf2md')) {
  try {
    pdf2md = ((await import('@opendocsg/pdf2md')) as unknown as { default: (b: Uint8Array) => Promise<string> }).default;
  } catch {
    console.log('  (@opendocsg/pdf2md is not installed: its column is left out)');
  }
}

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const lines: string[][] = [];
const tot = { ours: [] as Score[], p2m: [] as Score[], kinds: { grid: [0, 0], rules: [0, 0], borderless: [0, 0] } as Record<string, [number, number]>, skipped: [] as string[] };
const perDoc: Record<string, unknown>[] = [];
for (const str of files) {
  const name = str.replace(/-str\.xml$/, '').split('/').pop()!;
  if (only && !only.includes(name)) continue;
  const pdf = str.replace(/-str\.xml$/, '.pdf');
  const reg = str.replace(/-str\.xml$/, '-reg.xml');
  if (!existsSync(pdf) || !existsSync(reg)) {
    tot.skipped.push(name);
    continue;
  }
  const want = referenceTables(readFileSync(str, 'utf8'), readFileSync(reg, 'utf8'), name);
  if (process.argv.includes('--write-tables')) writeFileSync(pdf.replace(/\.pdf$/, '.tables.json'), `${JSON.stringify({ tables: want.map((w) => ({ header: w.header, rows: w.rows })) }, null, 1)}\n`);
  const bytes = new Uint8Array(readFileSync(pdf));
  await classify(bytes, want);
  let md = '';
  try {
    md = (await pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions)).markdown;
  } catch (e) {
    console.log(`  ${name}: ours failed: ${(e as Error).message}`);
  }
  const a = score(md, want);
  tot.ours.push(a);
  let b: Score | null = null;
  if (pdf2md) {
    try {
      b = score(await pdf2md(new Uint8Array(bytes)), want);
    } catch {
      b = score('', want);
    }
    tot.p2m.push(b);
  }
  want.forEach((w, i) => {
    const k = tot.kinds[w.kind ?? 'borderless'];
    k[1]++;
    if (a.per[i].recovered) k[0]++;
  });
  const kinds = want.map((w) => w.kind?.[0] ?? '?').join('');
  lines.push([name, String(want.length), kinds, `${a.recovered} (+${a.invented})`, `${a.located} (+${a.stray})`, f2(a.f1.reduce((x, y) => x + y, 0) / Math.max(1, a.f1.length)), b ? `${b.recovered} (+${b.invented})` : '—', b ? `${b.located} (+${b.stray})` : '—', b ? f2(b.f1.reduce((x, y) => x + y, 0) / Math.max(1, b.f1.length)) : '—']);
  perDoc.push({ name, tables: want.map((w, i) => ({ id: w.id, kind: w.kind, rows: w.rows.length, cols: w.header.length, recovered: a.per[i].recovered, cellF1: a.per[i].f1 })), ours: { recovered: a.recovered, invented: a.invented, located: a.located, stray: a.stray, found: a.found }, pdf2md: b && { recovered: b.recovered, invented: b.invented, located: b.located, stray: b.stray } });
  if (verbose) {
    for (const [i, w] of want.entries()) console.log(`    ${w.id} ${w.kind} ${w.header.length}×${w.rows.length + 1} ${a.per[i].recovered ? 'recovered' : 'missed'} cellF1 ${f2(a.f1[i])} header ${JSON.stringify(w.header)}`);
    for (const t of markdownTables(md)) console.log(`      ours: ${t.header.length}×${t.rows.length + 1} ${JSON.stringify(t.header)}`);
  }
}
const HEAD = ['document', 'tables', 'kind', 'ours rec (+inv)', 'located (+stray)', 'cell F1', 'pdf2md rec (+inv)', 'located (+stray)', 'cell F1'];
const widths = HEAD.map((h, i) => Math.max(h.length, ...lines.map((r) => r[i].length)));
for (const r of [HEAD, ...lines]) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
const total = (ss: Score[]) => {
  const sum = (k: 'recovered' | 'invented' | 'want' | 'located' | 'stray' | 'found') => ss.reduce((n, s) => n + s[k], 0);
  const f1 = ss.flatMap((s) => s.f1);
  return { recovered: sum('recovered'), invented: sum('invented'), want: sum('want'), located: sum('located'), stray: sum('stray'), found: sum('found'), cellF1: f1.reduce((x, y) => x + y, 0) / Math.max(1, f1.length) };
};
const o = total(tot.ours);
const p = tot.p2m.length ? total(tot.p2m) : null;
console.log(`  kinds: g = grid (ruled), r = horizontal rules only, b = borderless; recovered by kind: ${Object.entries(tot.kinds).map(([k, [r, n]]) => `${k} ${r}/${n}`).join(', ')}`);
if (tot.skipped.length) console.log(`  skipped (no PDF or regions beside the -str.xml): ${tot.skipped.join(', ')}`);
console.log(`  ours: ${o.recovered}/${o.want} recovered, ${o.invented} invented (of ${o.found} written); located ${o.located}/${o.want}, ${o.stray} stray; mean cell F1 ${f2(o.cellF1)}`);
if (p) console.log(`  pdf2md: ${p.recovered}/${p.want} recovered, ${p.invented} invented (of ${p.found} written); located ${p.located}/${p.want}, ${p.stray} stray; mean cell F1 ${f2(p.cellF1)}`);
if (process.argv.includes('--json')) console.log(JSON.stringify({ ours: o, pdf2md: p, byKind: tot.kinds, perDoc }));
