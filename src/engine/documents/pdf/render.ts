// Blocks → Markdown, and the page each character came from. Text is escaped only where Markdown
// would read structure into it (a line starting with "#", "1.", "- ", ">", "<", a fence…; "|" in
// table cells), so the Markdown reads as the PDF did and parses back into the same blocks.

import type { PageRange } from './page-map.ts';
import type { PBlock } from './types.ts';

export function escapeLineStart(t: string): string {
  if (/^\d{1,9}[.)](?:\s|$)/.test(t)) return t.replace(/^(\d+)([.)])/, '$1\\$2');
  if (/^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|={2,}\s*$|-{2,}\s*$|`{3,}|~{3,}|<|\|)/.test(t)) return `\\${t}`;
  return t;
}

/** "C#" at a heading's end would read as a closing sequence: escaped (a loop, not /#+$/, which is quadratic on long runs of "#"). */
function escapeClosingHashes(t: string): string {
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

export interface Rendered {
  markdown: string;
  pages: PageRange[];
}

export function renderBlocks(blocks: PBlock[]): Rendered {
  let md = '';
  const starts: { at: number; page: number }[] = [];
  const mark = (at: number, page: number) => {
    const last = starts[starts.length - 1];
    if (!last || last.page !== page) starts.push({ at, page });
  };
  let prev: PBlock | undefined;
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
        const n = Math.max(b.header.length, ...b.rows.map((r) => r.length));
        const row = (cells: string[]) => `| ${Array.from({ length: n }, (_, i) => cell(cells[i] ?? '')).join(' | ')} |`;
        md += [row(b.header), `|${' --- |'.repeat(n)}`, ...b.rows.map(row)].join('\n');
        break;
      }
      case 'lines':
        md += b.lines.map((l) => escapeLineStart(l.replace(/\s+/g, ' ').trim())).join('\n');
        break;
      case 'code': {
        const f = fence(b.lines);
        md += [f, ...b.lines, f].join('\n');
        break;
      }
    }
    prev = b;
  }
  if (md) md += '\n';
  const pages: PageRange[] = starts.map((s, i) => ({ page: s.page, start: s.at, end: i + 1 < starts.length ? starts[i + 1].at : md.length }));
  return { markdown: md, pages };
}
