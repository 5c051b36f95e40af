// How well PDFs read: word-order similarity, heading precision/recall, tables recovered and invented,
// running lines left, time per page; ours side by side with pypdf's plain text (if `python3 -c
// "import pypdf"` works; skipped with a message otherwise) and @opendocsg/pdf2md (a pdf.js-based
// converter from npm).
//   tsx bench/pdf-quality.ts [--engine <path to a pdf.ts>] [--dir <folder of extra public PDFs>] [--json]
// Documents: the generated cases of scripts/pdf-cases.ts (expected text/outline/tables from their
// specs); the public PDFs under tests/fixtures/documents/public (see its NOTICE) and any in --dir.
// For a tagged public PDF the reference is its structure tree (text in tree order, H roles, Table
// elements) and it is read twice: as tagged, and "untagged" (structure ignored: what most PDFs in
// the wild are). For an untagged one the reference order is the content stream's (a LaTeX or Word
// PDF writes it in reading order), headings from its outline or a <name>.headings.txt beside it,
// tables from a <name>.tables.json beside it ({ "tables": [{ "header": [...], "rows": [[...]] }] }).
// A <name>.md beside a PDF is its reference Markdown (words, # headings and tables from it; read once,
// as the file is), and a <name>.running.txt lists running lines (one a line) that should be gone.
// --engine points at another copy of the reader (e.g. main's, extracted with git archive) to compare.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { allCases } from '../scripts/pdf-cases.ts';
import { runInCase } from '../scripts/pdf-cases-extra.ts';
import { codeNamesCase, outlineCase } from '../scripts/pdf-cases-outline.ts';
import { rotatedCase } from '../scripts/pdf-cases-rotated.ts';
import { leaderCase } from '../scripts/pdf-cases-leaders.ts';
import { columnCases } from '../scripts/pdf-cases-columns.ts';
import { shadedBenchCases } from '../scripts/pdf-cases-shaded.ts';
import { recordsCase } from '../scripts/pdf-cases-records.ts';
import { upLabelsCase } from '../scripts/pdf-cases-uplabels.ts';
import { bigramF1, headingScores, markdownHeadings, markdownTables, markdownWords, runningLeft, tableScores, tokens, type MdTable } from './pdf-metrics.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = join(import.meta.dirname, '..');
const enginePath = resolve(arg('--engine') ?? join(ROOT, 'src/engine/documents/pdf/pdf.ts'));
const { pdfToMarkdown } = (await import(enginePath)) as typeof import('../src/engine/documents/pdf/pdf.ts');

interface Doc {
  name: string;
  bytes: Uint8Array;
  ref: string[];
  headings: string[] | null;
  tables: MdTable[] | null;
  /** Expected number of tables when their contents are not known (tagged public PDFs). */
  tableCount?: number;
  running: string[];
  ignoreStructure?: boolean;
}

// ---------------------------------------------------------------- references of public PDFs
type Node = { role?: string; type?: string; id?: string; children?: Node[] };
async function reference(bytes: Uint8Array): Promise<{ tagged: boolean; words: string[]; headings: string[]; tables: number; outline: string[]; pages: number }> {
  const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: object): { promise: Promise<any> } };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, ...pdfjsOptions.documentOptions }).promise;
  const mark = await doc.getMarkInfo().catch(() => null);
  const words: string[] = [];
  const headings: string[] = [];
  let tables = 0;
  let tagged = false;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const tc = await page.getTextContent({ includeMarkedContent: true });
    const tree: Node | null = mark?.Marked ? await page.getStructTree().catch(() => null) : null;
    if (!tree) {
      words.push(...tokens(tc.items.map((i: { str?: string }) => i.str ?? '').join(' ')));
      continue;
    }
    tagged = true;
    const byMc = new Map<string, string[]>();
    const stack: string[] = [];
    for (const it of tc.items) {
      if (typeof it.str === 'string') {
        const id = stack[stack.length - 1];
        if (id) (byMc.get(id) ?? byMc.set(id, []).get(id)!).push(it.str);
      } else if (it.type === 'endMarkedContent') stack.pop();
      else stack.push(it.id ?? stack[stack.length - 1] ?? '');
    }
    const textOf = (n: Node): string => (n.type === 'content' && n.id ? (byMc.get(n.id) ?? []).join(' ') : (n.children ?? []).map(textOf).join(' '));
    const walk = (n: Node) => {
      if (n.role && /^H[1-6]?$/.test(n.role)) headings.push(textOf(n));
      if (n.role === 'Table') tables++;
      if (n.role === 'Artifact') return;
      if (n.type === 'content' && n.id) words.push(...tokens((byMc.get(n.id) ?? []).join(' ')));
      for (const c of n.children ?? []) walk(c);
    };
    walk(tree);
  }
  const flat: string[] = [];
  const walkO = (ns: { title: string; items?: unknown[] }[] | null) => {
    for (const n of ns ?? []) {
      flat.push(n.title);
      walkO(n.items as never);
    }
  };
  walkO(await doc.getOutline().catch(() => null));
  const pages = doc.numPages;
  await doc.destroy();
  return { tagged, words, headings, tables, outline: flat, pages };
}

// ---------------------------------------------------------------- the documents
const docs: Doc[] = [];
for (const c of [...(await allCases()), await runInCase(), await outlineCase(), await codeNamesCase(), await rotatedCase(), await leaderCase(), ...(await shadedBenchCases()), await recordsCase(), await upLabelsCase(), ...(await columnCases())]) docs.push({ name: c.name, bytes: c.bytes, ref: tokens(c.text), headings: c.outline.map((o) => o.title), tables: c.tables, running: c.running });
const dirs = [join(ROOT, 'tests/fixtures/documents/public'), arg('--dir')].filter((d): d is string => !!d && existsSync(d));
for (const dir of dirs) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    const r = await reference(bytes);
    const side = join(dir, file.replace(/\.pdf$/, '.headings.txt'));
    // A tagged file whose tree has no H roles has no reference headings (it is not scored on them).
    const headings = existsSync(side) ? readFileSync(side, 'utf8').split('\n').filter((l) => l.trim()) : r.tagged ? (r.headings.length ? r.headings : null) : r.outline.length ? r.outline : null;
    // Expected tables, when known: <name>.tables.json beside the PDF ({ tables: [{ header, rows }] }).
    const tablesFile = join(dir, file.replace(/\.pdf$/, '.tables.json'));
    const known = existsSync(tablesFile) ? (JSON.parse(readFileSync(tablesFile, 'utf8')) as { tables: MdTable[] }).tables : null;
    // A reference Markdown, <name>.md beside the PDF (what a person or another tool wrote for it),
    // replaces the words, headings and tables read from the file; the side files above still win.
    const mdFile = join(dir, file.replace(/\.pdf$/, '.md'));
    const refMd = existsSync(mdFile) ? readFileSync(mdFile, 'utf8') : null;
    const runningFile = join(dir, file.replace(/\.pdf$/, '.running.txt'));
    const running = existsSync(runningFile) ? readFileSync(runningFile, 'utf8').split('\n').filter((l) => l.trim()) : [];
    const base = refMd
      ? { bytes, ref: markdownWords(refMd), headings: existsSync(side) ? headings : markdownHeadings(refMd), tables: known ?? markdownTables(refMd), running }
      : { bytes, ref: r.words, headings, tables: known, tableCount: r.tagged && !known ? r.tables : undefined, running };
    if (r.tagged && !refMd) {
      docs.push({ ...base, name: `${file} (tagged)` });
      docs.push({ ...base, name: `${file} (untagged)`, ignoreStructure: true });
    } else docs.push({ ...base, name: file });
  }
}

// ---------------------------------------------------------------- the readers
const pageCounts = new Map<Doc, number>();
async function ours(d: Doc): Promise<{ md: string; ms: number }> {
  const t = performance.now();
  const r = await pdfToMarkdown(d.bytes, loadPdfjs, { ...pdfjsOptions, ignoreStructure: d.ignoreStructure });
  pageCounts.set(d, r.pageCount);
  return { md: r.markdown, ms: performance.now() - t };
}

let pdf2md: ((b: Uint8Array) => Promise<string>) | null = null;
try {
  const m = (await import('@opendocsg/pdf2md')) as unknown as { default: (b: Uint8Array) => Promise<string> };
  pdf2md = m.default;
} catch {
  console.log('  (@opendocsg/pdf2md is not installed: its column is left out)');
}

/** pypdf's plain text and time per file, in one Python process; null when pypdf is absent. */
function pypdf(list: Doc[]): Map<Doc, { text: string; ms: number }> | null {
  const probe = spawnSync('python3', ['-c', 'import pypdf'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log('  (pypdf is not installed: `pip install pypdf` to compare with its plain text; column left out)');
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pdfq-'));
  try {
    const uniq = new Map<Uint8Array, string>();
    list.forEach((d, i) => {
      if (!uniq.has(d.bytes)) {
        const p = join(dir, `${i}.pdf`);
        writeFileSync(p, d.bytes);
        uniq.set(d.bytes, p);
      }
    });
    // Two passes over the files, the second timed: as for ours, warm-up is not counted (see below).
    const script = `import json,sys,time,pypdf\nout={}\nfor k in range(2):\n for p in sys.argv[1:]:\n  t=time.perf_counter()\n  r=pypdf.PdfReader(p)\n  s='\\n'.join((pg.extract_text() or '') for pg in r.pages)\n  out[p]={'text':s,'ms':(time.perf_counter()-t)*1000}\nprint(json.dumps(out))`;
    const r = spawnSync('python3', ['-c', script, ...uniq.values()], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) {
      console.log(`  (pypdf failed: ${r.stderr.split('\n').slice(-2).join(' ')})`);
      return null;
    }
    const got = JSON.parse(r.stdout) as Record<string, { text: string; ms: number }>;
    return new Map(list.map((d) => [d, got[uniq.get(d.bytes)!]]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- scoring
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const rows: string[][] = [];
const sum = { wo: 0, woPy: 0, wo2: 0, n: 0, hTp: 0, hFound: 0, hWant: 0, tRec: 0, tInv: 0, tWant: 0, run: 0, runWant: 0, ms: 0, msPy: 0, ms2: 0, pages: 0 };
const py = pypdf(docs);
const perDoc: Record<string, unknown>[] = [];
// Warm-up is not counted, for any reader: one untimed pass over every document first, then the timed
// one. One warm run of each document just before its timed run was not enough: the first document
// still paid for V8 compiling pdf.js's code paths (the generated two-column page timed 153 ms on
// its second run, about 20 ms once the process had read a few PDFs), which pypdf, timed after
// its import, never pays. pypdf gets the same untimed first pass (in its own process).
for (const d of docs) {
  await ours(d);
  if (pdf2md) await pdf2md(new Uint8Array(d.bytes)).catch(() => undefined);
}
for (const d of docs) {
  const a = await ours(d);
  const pages = pageCounts.get(d) ?? 1;
  const wo = bigramF1(markdownWords(a.md), d.ref);
  let wo2 = NaN;
  let ms2 = NaN;
  if (pdf2md) {
    try {
      const t = performance.now();
      const md2 = await pdf2md(new Uint8Array(d.bytes));
      ms2 = performance.now() - t;
      wo2 = bigramF1(markdownWords(md2), d.ref);
    } catch {
      wo2 = 0;
    }
  }
  const p = py?.get(d);
  const woPy = p ? bigramF1(tokens(p.text), d.ref) : NaN;
  const h = d.headings ? headingScores(markdownHeadings(a.md), d.headings) : null;
  const found = markdownTables(a.md);
  const t = d.tables ? tableScores(found, d.tables) : d.tableCount !== undefined ? { recovered: Math.min(found.length, d.tableCount), invented: Math.max(0, found.length - d.tableCount), want: d.tableCount } : null;
  const left = runningLeft(a.md, d.running);
  sum.n++;
  sum.wo += wo;
  sum.woPy += woPy;
  sum.wo2 += wo2;
  if (h) {
    sum.hTp += h.tp;
    sum.hFound += h.found;
    sum.hWant += h.want;
  }
  if (t) {
    sum.tRec += t.recovered;
    sum.tInv += t.invented;
    sum.tWant += t.want;
  }
  sum.run += left;
  sum.runWant += d.running.length;
  sum.ms += a.ms;
  sum.msPy += p?.ms ?? NaN;
  sum.ms2 += ms2;
  sum.pages += pages;
  rows.push([d.name, String(pages), f2(wo), f2(woPy), f2(wo2), h ? `${h.tp}/${h.found} · ${h.tp}/${h.want}` : '—', t ? `${t.recovered}/${t.want} (+${t.invented})` : '—', d.running.length ? `${left}/${d.running.length}` : '—', f2(a.ms / pages), p ? f2(p.ms / pages) : '—']);
  perDoc.push({ name: d.name, pages, wordOrder: wo, wordOrderPypdf: woPy, wordOrderPdf2md: wo2, headings: h, tables: t, runningLeft: left, msPerPage: a.ms / pages, pypdfMsPerPage: p ? p.ms / pages : null });
}
const widths = rows[0].map((_, i) => Math.max(...[HEAD(), ...rows].map((r) => r[i].length)));
function HEAD() {
  return ['document', 'pages', 'order', 'pypdf', 'pdf2md', 'headings P · R', 'tables (+invented)', 'running left', 'ms/page', 'pypdf ms/page'];
}
for (const r of [HEAD(), ...rows]) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
const summary = {
  documents: sum.n,
  wordOrder: sum.wo / sum.n,
  wordOrderPypdf: py ? sum.woPy / sum.n : null,
  wordOrderPdf2md: pdf2md ? sum.wo2 / sum.n : null,
  headingPrecision: sum.hTp / Math.max(1, sum.hFound),
  headingRecall: sum.hTp / Math.max(1, sum.hWant),
  tablesRecovered: sum.tRec,
  tablesWanted: sum.tWant,
  tablesInvented: sum.tInv,
  runningLeft: sum.run,
  runningWanted: sum.runWant,
  msPerPage: sum.ms / sum.pages,
  pypdfMsPerPage: py ? sum.msPy / sum.pages : null,
  pdf2mdMsPerPage: pdf2md ? sum.ms2 / sum.pages : null,
};
console.log(
  `  mean word order ${f2(summary.wordOrder)} (pypdf ${f2(summary.wordOrderPypdf ?? NaN)}, pdf2md ${f2(summary.wordOrderPdf2md ?? NaN)}); headings P ${f2(summary.headingPrecision)} R ${f2(summary.headingRecall)}; tables ${sum.tRec}/${sum.tWant} recovered, ${sum.tInv} invented; running lines left ${sum.run}/${sum.runWant}; ${f2(summary.msPerPage)} ms/page (pypdf ${f2(summary.pypdfMsPerPage ?? NaN)}, pdf2md ${f2(summary.pdf2mdMsPerPage ?? NaN)})`,
);
if (process.argv.includes('--json')) console.log(JSON.stringify({ summary, perDoc }));
void basename;
