// Dumps one JSON line per running-line candidate (the first and last three rows of each page, before
// any running line went) of each corpus PDF: its features (src/engine/documents/pdf/roles/running.ts),
// its label from the source (align.ts runningLabels) and the hand rules' verdict, for
// bench/pdf-corpus/train.py --task running.
//   tsx bench/pdf-corpus/running.ts [--dir .cache/pdf-corpus] [--out .cache/pdf-corpus/running.jsonl] [--only name,...] [--fresh] [--allow-stale]
// Each document's lines are kept in <dir>/running/<name>.jsonl and reused while newer than its PDF,
// its labels and the feature code (--fresh recomputes all).
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToMarkdown } from '../../src/engine/documents/pdf/pdf.ts';
import { rowText } from '../../src/engine/documents/pdf/lines/geometry.ts';
import { bodyStyle } from '../../src/engine/documents/pdf/lines/style.ts';
import { RUNNING_FEATURES, runningFeatures } from '../../src/engine/documents/pdf/roles/running.ts';
import type { Row } from '../../src/engine/documents/pdf/types.ts';
import { loadPdfjs, pdfjsOptions } from '../../tests/engine/documents/pdfjs-node.ts';
import { runningLabels, undecodableNumber, type Labels } from './align.ts';
import { currentPdfs } from './version.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const ROOT = join(import.meta.dirname, '..', '..');

export type Pages = { page: number; top: number; bottom: number; rows: Row[] }[];

/** A PDF's pages of rows before any running line went, and the rows the hand rules remove (tags
 * ignored, the learned decision off), as the reader hands them to `onLinePages`. */
export async function linePages(bytes: Uint8Array): Promise<{ pages: Pages; hand: Set<Row> }> {
  let pages: Pages = [];
  let hand = new Set<Row>();
  await pdfToMarkdown(bytes, await loadPdfjs(), {
    ...pdfjsOptions,
    ignoreStructure: true,
    runningModel: null,
    onLinePages: (p, h) => {
      pages = p;
      hand = h;
    },
  });
  return { pages, hand };
}

/** Every candidate of a PDF with its features, its label and the hand rules' verdict. */
export async function runningDump(bytes: Uint8Array, labels: Labels): Promise<{ row: Row; text: string; page: number; f: number[]; running: boolean; hand: boolean }[]> {
  const { pages, hand } = await linePages(bytes);
  const { rows, features } = runningFeatures(pages, hand);
  const body = bodyStyle(pages.flatMap((p) => p.rows)).size;
  const label = new Map<Row, boolean>();
  for (const p of pages) {
    const byHeight = [...p.rows].sort((a, b) => b.y - a.y);
    const lab = runningLabels(byHeight.map((r) => ({ text: rowText(r).trim(), larger: r.frags.some((f) => f.size > body + 0.5) })), labels);
    byHeight.forEach((r, i) => label.set(r, lab[i]));
  }
  return rows.map((r, i) => ({ row: r, text: rowText(r).trim(), page: r.page, f: features[i], running: label.get(r) ?? false, hand: hand.has(r) }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = arg('--dir', join(ROOT, '.cache', 'pdf-corpus'));
  const outPath = arg('--out', join(dir, 'running.jsonl'));
  const only = arg('--only', '');
  const { pdfs, version } = currentPdfs(dir, process.argv.includes('--allow-stale'));
  const files = pdfs.filter((f) => !only || only.split(',').some((o) => f.includes(o)));
  const out = createWriteStream(outPath);
  out.write(JSON.stringify({ features: RUNNING_FEATURES, generator: version.generator }) + '\n');
  const cacheDir = join(dir, 'running');
  mkdirSync(cacheDir, { recursive: true });
  const code = Math.max(...['roles/running.ts', 'lines/layout.ts', 'pdf.ts'].map((f) => statSync(join(ROOT, 'src/engine/documents/pdf', f)).mtimeMs), statSync(join(import.meta.dirname, 'align.ts')).mtimeMs);
  let n = 0;
  let pos = 0;
  let total = 0;
  for (const f of files) {
    const name = f.replace(/\.pdf$/, '');
    const cached = join(cacheDir, `${name}.jsonl`);
    const labelPath = join(dir, `${name}.labels.json`);
    if (!existsSync(labelPath)) continue;
    let text: string;
    if (!process.argv.includes('--fresh') && existsSync(cached) && statSync(cached).mtimeMs > Math.max(code, statSync(join(dir, f)).mtimeMs, statSync(labelPath).mtimeMs)) text = readFileSync(cached, 'utf8');
    else {
      const labels = JSON.parse(readFileSync(labelPath, 'utf8')) as Labels;
      try {
        const dump = await runningDump(new Uint8Array(readFileSync(join(dir, f))), labels);
        // A page number the PDF gives no text for is a running line (the bench scores it so), but nothing the
        // features read tells it from any other lone mark: it stays out of training ('unknown'), and the
        // hand rules, whose removals the decision keeps, take it.
        const role = (d: { text: string; running: boolean }) => (d.running && undecodableNumber(d.text) ? 'unknown' : d.running ? 'running' : 'content');
        text = dump.map((d) => JSON.stringify({ doc: name, producer: labels.producer, script: labels.script, lang: labels.lang, page: d.page, text: d.text.slice(0, 80), role: role(d), hand: d.hand ? 1 : 0, f: d.f.map((x) => Math.round(x * 1e4) / 1e4) }) + '\n').join('');
      } catch (e) {
        process.stderr.write(`${name}: ${(e as Error).message}\n`);
        continue;
      }
      writeFileSync(cached, text);
    }
    for (const l of text.split('\n').filter(Boolean)) {
      total++;
      if (JSON.parse(l).role === 'running') pos++;
    }
    out.write(text);
    n++;
  }
  out.end();
  process.stderr.write(`${n} documents, ${total} candidates, ${pos} running\n`);
}
