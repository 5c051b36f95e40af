// ICDAR 2013 table competition ground truth (<name>-str.xml cells, <name>-reg.xml regions) as the
// tables a Markdown reader sees: { header, rows } with the regions each table covers (used by
// bench/pdf-tables-icdar.ts; see its header for the conventions).
import type { MdTable } from './pdf-metrics.ts';

export interface RefTable extends MdTable {
  id: string;
  regions: { page: number; x0: number; y0: number; x1: number; y1: number }[];
  kind?: 'grid' | 'rules' | 'borderless';
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}=["']([^"']*)["']`).exec(tag)?.[1];
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const clean = (s: string) => unescapeXml(s).replace(/\s+/g, ' ').trim();

/** The tables of one -str.xml (cells) with the regions of its -reg.xml. */
export function referenceTables(strXml: string, regXml: string, name: string): RefTable[] {
  const out: RefTable[] = [];
  for (const t of strXml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const cells: { r: number; c: number; r1: number; c1: number; text: string }[] = [];
    let maxRow = -1;
    for (const reg of t[2].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const found: typeof cells = [];
      for (const c of reg[2].matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
        const r = Number(attr(c[1], 'start-row'));
        const col = Number(attr(c[1], 'start-col'));
        const text = clean(/<content>([\s\S]*?)<\/content>/.exec(c[2])?.[1] ?? '');
        found.push({ r, c: col, r1: Number(attr(c[1], 'end-row') ?? r), c1: Number(attr(c[1], 'end-col') ?? col), text });
      }
      // A table continued in another region (the next page) numbers its rows afresh or goes on.
      const minRow = Math.min(...found.map((c) => c.r));
      const offset = maxRow >= 0 && minRow <= maxRow ? maxRow + 1 - minRow : 0;
      for (const c of found) {
        cells.push({ ...c, r: c.r + offset, r1: c.r1 + offset });
        maxRow = Math.max(maxRow, c.r1 + offset);
      }
    }
    if (!cells.length) continue;
    // Some files number a row -1 (a row added above row 0): rows count from the first one.
    const first = Math.min(...cells.map((c) => c.r));
    for (const c of cells) {
      c.r -= first;
      c.r1 = Math.max(c.r, c.r1 - first);
      c.c1 = Math.max(c.c, c.c1);
    }
    const nCols = Math.max(...cells.map((c) => c.c1)) + 1;
    const nRows = Math.max(...cells.map((c) => c.r1)) + 1;
    const grid = Array.from({ length: nRows }, () => Array.from({ length: nCols }, () => ''));
    for (const c of cells) grid[c.r][c.c] = grid[c.r][c.c] ? `${grid[c.r][c.c]} ${c.text}` : c.text;
    // Header rows: row 0 and the rows its cells span down to.
    const headRows = Math.max(0, ...cells.filter((c) => c.r === 0).map((c) => c.r1)) + 1;
    const header = Array.from({ length: nCols }, (_, k) => grid.slice(0, headRows).map((row) => row[k]).filter(Boolean).join(' '));
    const id = attr(t[1], 'id') ?? String(out.length + 1);
    const regions: RefTable['regions'] = [];
    const regTable = new RegExp(`<table\\s+id=["']${id}["'][^>]*>([\\s\\S]*?)</table>`).exec(regXml);
    for (const rg of regTable?.[1].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g) ?? []) {
      const bb = /<bounding-box\b([^>]*)\/?>/.exec(rg[2]);
      if (!bb) continue;
      const n = (k: string) => Number(attr(bb[1], k));
      regions.push({ page: Number(attr(rg[1], 'page')), x0: Math.min(n('x1'), n('x2')), x1: Math.max(n('x1'), n('x2')), y0: Math.min(n('y1'), n('y2')), y1: Math.max(n('y1'), n('y2')) });
    }
    out.push({ id: `${name}#${id}`, header, rows: grid.slice(headRows), regions });
  }
  return out;
}

