// Blocks → Markdown, and the page each character came from. Text is escaped only where Markdown
// would read structure into it (a line starting with "#", "1.", "- ", ">", "<", a fence…; "|" in
// table cells), so the Markdown reads as the PDF did and parses back into the same blocks.

import type { PageRange } from './page-map.ts';
import type { PBlock } from '../types.ts';

export function escapeLineStart(t: string): string {
  if (/^\d{1,9}[.)](?:\s|$)/.test(t)) return t.replace(/^(\d+)([.)])/, '$1\\$2');
  if (/^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|={2,}\s*$|-{2,}\s*$|`{3,}|~{3,}|<|\|)/.test(t)) return `\\${t}`;
  // "***", "___", "* * *" would become a horizontal rule, "[x]: …" a link definition (hidden by
  // any Markdown renderer): text, so escaped like the rest.
  if (/^(?:[*_][ \t]*){3,}$/.test(t) || /^\[[^\]\n]{1,999}\]:/.test(t)) return `\\${t}`;
  return t;
}

/** "C#" at a heading's end would read as a closing sequence: escaped (a loop, not /#+$/, which is quadratic on long runs of "#"). */
export function escapeClosingHashes(t: string): string {
  let i = t.length;
  while (i > 0 && t[i - 1] === '#') i--;
  return i === t.length ? t : `${t.slice(0, i)}\\${t.slice(i)}`;
}

const cell = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

function fence(lines: string[]): string {
  let n = 3;
  for (const l of lines) {
    const m = l.match(/`{3,}/g);
    if (m) for (const r of m) n = Math.max(n, r.length + 1);
  }
  return '`'.repeat(n);
}

/** A table as Markdown: header row, separator row, body rows (padded to the widest row). */
export function tableMarkdown(header: string[], rows: string[][]): string {
  const n = Math.max(header.length, ...rows.map((r) => r.length));
  const row = (cells: string[]) => `| ${Array.from({ length: n }, (_, i) => cell(cells[i] ?? '')).join(' | ')} |`;
  return [row(header), `|${' --- |'.repeat(n)}`, ...rows.map(row)].join('\n');
}

/**
 * A paragraph line that the reader saw as cells (rows kept as text when their columns did not line
 * up): its text, and where each cell after the first starts in it. The import preview uses them to
 * split lines into columns when the user marks them as a table.
 */
export type ColumnCuts = [text: string, cuts: number[]][];

export interface Rendered {
  markdown: string;
  pages: PageRange[];
  columns: ColumnCuts;
}

export function renderBlocks(blocks: PBlock[]): Rendered {
  let md = '';
  const starts: { at: number; page: number }[] = [];
  const mark = (at: number, page: number) => {
    const last = starts[starts.length - 1];
    if (!last || last.page !== page) starts.push({ at, page });
  };
  let prev: PBlock | undefined;
  const columns: ColumnCuts = [];
  // Indentation of nested list levels: the content column of each open level.
  const indents: number[] = [];
  for (const b of blocks) {
    const sep = !md ? '' : b.kind === 'list-item' && prev?.kind === 'list-item' ? '\n' : '\n\n';
    md += sep;
    mark(md.length, b.page);
    switch (b.kind) {
      case 'heading':
        md += `${'#'.repeat(Math.min(6, Math.max(1, b.level)))} ${escapeClosingHashes(b.text.replace(/\s+/g, ' '))}`;
        break;
      case 'paragraph': {
        const base = md.length;
        const text = escapeLineStart(b.text);
        const shift = text.length - b.text.length;
        let from = 0;
        for (const br of b.breaks ?? []) {
          md += text.slice(from, br.at + shift);
          from = br.at + shift;
          mark(base + from, br.page);
        }
        md += text.slice(from);
        if (b.cells && b.cells.length > 1 && columns.length < MAX_COLUMN_LINES) {
          const cuts: number[] = [];
          let at = 0;
          for (const c of b.cells.slice(0, -1)) cuts.push((at += c.length + 1));
          if (b.cells.join(' ') === b.text) columns.push([b.text, cuts]);
        }
        break;
      }
      case 'list-item': {
        if (prev?.kind !== 'list-item') indents.length = 0;
        const depth = Math.max(1, Math.min(b.depth, indents.length + 1));
        indents.length = depth - 1;
        const pad = indents.length ? indents[indents.length - 1] : 0;
        const marker = `${b.marker} `;
        indents.push(pad + marker.length);
        md += ' '.repeat(pad) + marker + escapeLineStart(b.text);
        break;
      }
      case 'table': {
        const base = md.length;
        const text = tableMarkdown(b.header, b.rows);
        md += text;
        if (b.breaks?.length) {
          // One line per row after the header and separator lines: where each continued page's rows start.
          const lineStart = [0];
          for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStart.push(i + 1);
          for (const br of b.breaks) if (lineStart[br.row + 2] !== undefined) mark(base + lineStart[br.row + 2], br.page);
        }
        break;
      }
      case 'lines':
        md += b.lines.map((l) => escapeLineStart(l.replace(/\s+/g, ' ').trim())).join('\n');
        break;
      case 'code': {
        const f = fence(b.lines);
        md += [f + (b.lang ?? ''), ...b.lines, f].join('\n');
        break;
      }
    }
    prev = b;
  }
  if (md) md += '\n';
  const pages: PageRange[] = starts.map((s, i) => ({ page: s.page, start: s.at, end: i + 1 < starts.length ? starts[i + 1].at : md.length }));
  return { markdown: md, pages, columns };
}

/** Lines whose cells are remembered (the rest can still be split on runs of spaces). */
const MAX_COLUMN_LINES = 5000;
