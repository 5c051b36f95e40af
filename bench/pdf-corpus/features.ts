// Dumps one JSON line per line the reader finds in each corpus PDF: its features (the reader's own,
// src/engine/documents/pdf/roles/features.ts), the label aligned from the source (align.ts), and what
// today's hand rules decided (heading level or 0), for bench/pdf-corpus/train.py.
//   tsx bench/pdf-corpus/features.ts [--dir .cache/pdf-corpus] [--out .cache/pdf-corpus/lines.jsonl] [--only name,...] [--fresh] [--allow-stale]
// Each document's lines are kept in <dir>/lines/<name>.jsonl and reused while newer than its PDF,
// its labels and the feature code (--fresh recomputes all).
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToMarkdown } from '../../src/engine/documents/pdf/pdf.ts';
import { bodyStyle, lineRoles } from '../../src/engine/documents/pdf/roles/decide.ts';
import { rowText } from '../../src/engine/documents/pdf/lines/geometry.ts';
import { FEATURE_NAMES, lineFeatures } from '../../src/engine/documents/pdf/roles/features.ts';
import type { Row } from '../../src/engine/documents/pdf/types.ts';
import { loadPdfjs, pdfjsOptions } from '../../tests/engine/documents/pdfjs-node.ts';
import { alignRows, type AlignRow, type Labels } from './align.ts';
import { currentPdfs } from './version.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const ROOT = join(import.meta.dirname, '..', '..');
const dir = arg('--dir', join(ROOT, '.cache', 'pdf-corpus'));
const outPath = arg('--out', join(dir, 'lines.jsonl'));
const only = arg('--only', '');

/** The top and bottom row of each page, by height. */
export function edgeRows(rows: Row[]): Set<Row> {
  const byPage = new Map<number, Row[]>();
  for (const r of rows) (byPage.get(r.page) ?? byPage.set(r.page, []).get(r.page)!).push(r);
  const edge = new Set<Row>();
  for (const rs of byPage.values()) {
    const s = [...rs].sort((a, b) => b.y - a.y);
    edge.add(s[0]);
    edge.add(s[s.length - 1]);
  }
  return edge;
}

export async function dumpOne(pdfPath: string, labels: Labels): Promise<{ rows: Row[]; hand: Map<Row, number>; feats: number[][]; lab: ReturnType<typeof alignRows> }> {
  const pdfjs = await loadPdfjs();
  let rows: Row[] = [];
  let hand = new Map<Row, number>();
  await pdfToMarkdown(readFileSync(pdfPath), pdfjs, {
    ...pdfjsOptions,
    ignoreStructure: true,
    onRoles: (r, h) => {
      rows = r;
      hand = h;
    },
  });
  const body = bodyStyle(rows);
  const feats = lineFeatures(rows, body, lineRoles(rows));
  const edge = edgeRows(rows);
  const ar: AlignRow[] = rows.map((r) => ({ text: rowText(r).trim(), page: r.page, edge: edge.has(r) }));
  return { rows, hand, feats, lab: alignRows(ar, labels) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pdfs, version } = currentPdfs(dir, process.argv.includes('--allow-stale'));
  const files = pdfs.filter((f) => !only || only.split(',').some((o) => f.includes(o)));
  const out = createWriteStream(outPath);
  out.write(JSON.stringify({ features: FEATURE_NAMES, generator: version.generator }) + '\n');
  let n = 0;
  const counts: Record<string, number> = {};
  const cacheDir = join(dir, 'lines');
  mkdirSync(cacheDir, { recursive: true });
  const code = Math.max(...['roles/features.ts', 'pdf.ts', 'roles/rules.ts', 'roles/decide.ts', 'roles/running.ts', 'roles/running-model.json'].map((f) => statSync(join(ROOT, 'src/engine/documents/pdf', f)).mtimeMs), statSync(join(import.meta.dirname, 'align.ts')).mtimeMs);
  for (const f of files) {
    const name = f.replace(/\.pdf$/, '');
    const cached = join(cacheDir, `${name}.jsonl`);
    const labelPath = join(dir, `${name}.labels.json`);
    if (!process.argv.includes('--fresh') && existsSync(cached) && statSync(cached).mtimeMs > Math.max(code, statSync(join(dir, f)).mtimeMs, statSync(labelPath).mtimeMs)) {
      const text = readFileSync(cached, 'utf8');
      for (const l of text.split('\n').filter(Boolean)) {
        const role = JSON.parse(l).role as string;
        counts[role] = (counts[role] ?? 0) + 1;
      }
      out.write(text);
      n++;
      continue;
    }
    const labels = JSON.parse(readFileSync(labelPath, 'utf8')) as Labels;
    try {
      const { rows, hand, feats, lab } = await dumpOne(join(dir, f), labels);
      let text = '';
      rows.forEach((r, i) => {
        counts[lab[i].role] = (counts[lab[i].role] ?? 0) + 1;
        text += JSON.stringify({ doc: name, producer: labels.producer, script: labels.script, lang: labels.lang, page: r.page, text: rowText(r).trim().slice(0, 80), role: lab[i].role, level: lab[i].level, hand: hand.get(r) ?? 0, f: feats[i].map((x) => Math.round(x * 1e4) / 1e4) }) + '\n';
      });
      writeFileSync(cached, text);
      out.write(text);
      n++;
    } catch (e) {
      process.stderr.write(`${name}: ${(e as Error).message}\n`);
    }
  }
  out.end();
  process.stderr.write(`${n} documents, lines by label: ${JSON.stringify(counts)}\n`);
}
