// `npx tsx bench/ocr-corpus.ts [--split dev|held|all] [--dir D] [--pages 2] [--kinds clean,worse,mixed] [--one-lang] [--dump D]`:
// OCR on scans of documents unlike the project's own — the labelled PDF corpus of issue 30
// (bench/pdf-corpus: LaTeX, Writer, Chromium, pandoc, pdf-lib; English and Portuguese), made with
// `bench/pdf-corpus/generate.py` into .cache/pdf-corpus (or --dir). A few pages of each document are
// scanned (scripts/make-scan-fixtures.ts: clean 200 dpi; worse 150 dpi turned 1.2°, blurred, specked;
// mixed: text and scanned pages alternating) and read by `convert` (default options) and by
// Tesseract's own command line on the same images, both scored against the text reader's reading of
// the same pages of the source (bench/ocr.ts's measures). The split is by producer: `dev` (LaTeX,
// Chromium, pandoc) is what the OCR layout may be tuned on; `held` (Writer, pdf-lib) is not looked at
// while tuning and is what a result is reported on. Prints a table to stderr and one JSON line last.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { cleanup, runCase, summarise, type CaseResult } from './ocr.ts';

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const dir = arg('dir', join(ROOT, '.cache', 'pdf-corpus'));
const split = arg('split', 'dev');
const perDoc = Number(arg('pages', '2'));
const kinds = arg('kinds', 'clean,worse').split(',') as ('clean' | 'worse' | 'mixed')[];
const dump = arg('dump', '');
const only = arg('only', '');
// One language per producer variant (English and Portuguese in turn): half the documents, every variant.
const oneLang = process.argv.includes('--one-lang');

/** Producers tuned on (dev) and left out (held). */
const DEV = /^(latex-(article|twocolumn|report|book)|chromium-(default|columns|fixed)|pandoc-latex)-/;
const HELD = /^(writer-(headnum|bodysize|colour|styles|nohead)|pdflib-(plain|numbered))-/;

// One document per producer variant and language (the first seed).
const seen = new Set<string>();
const files = readdirSync(dir)
  .filter((f) => /-(en|pt)-\d+\.pdf$/.test(f))
  .sort()
  .filter((f) => (split === 'dev' ? DEV.test(f) : split === 'held' ? HELD.test(f) : DEV.test(f) || HELD.test(f)))
  .filter((f) => !only || f.includes(only))
  .filter((f) => {
    const key = f.replace(/-\d+\.pdf$/, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  })
  .filter((f, i, all) => {
    if (!oneLang) return true;
    const variants = [...new Set(all.map((x) => x.replace(/-(en|pt)-\d+\.pdf$/, '')))];
    const v = variants.indexOf(f.replace(/-(en|pt)-\d+\.pdf$/, ''));
    return f.includes(v % 2 ? '-pt-' : '-en-');
  });

if (dump) mkdirSync(dump, { recursive: true });
const rows: CaseResult[] = [];
for (const f of files) {
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const count = (await PDFDocument.load(bytes)).getPageCount();
  // Past the cover page where there is one to skip: body pages are what scans hold most.
  const first = count > perDoc ? 2 : 1;
  const pages = Array.from({ length: Math.min(perDoc, count - first + 1) }, (_, i) => first + i);
  for (const kind of kinds) {
    const r = await runCase({ name: f, bytes, pages, kind, dump: dump || undefined });
    rows.push(r);
  }
}
summarise(rows, split);
cleanup();
console.log(JSON.stringify({ split, dir, pagesPerDoc: perDoc, rows }));
