// HTML → extracted text + blocks. htmlparser2 (no DOM, runs in Node, workers and browsers) streams
// tags and entity-decoded text; we write each block's text into one string, blocks separated by a
// blank line: headings, paragraphs, list items (level = list nesting), quotes, <pre> as code, and
// tables as lines ("cell | cell", header row first). script/style/noscript/template/head and other
// non-text elements are dropped entirely; attributes (onclick=…) are never copied; nothing is run.

import { Parser } from 'htmlparser2';
import type { DocMeta } from '../types.ts';
import type { RawBlock } from './text-utils.ts';
import { trimCodeBlock } from '../util/whitespace.ts';

export interface ExtractedHtml {
  text: string;
  blocks: RawBlock[];
  meta: DocMeta;
}

const DROP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas', 'select', 'button']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr',
  'html', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'ul', 'legend', 'caption', 'br-block',
]);

interface TableState {
  rows: { cells: string[]; header: boolean }[];
  row: { cells: string[]; header: boolean } | null;
  cell: string | null;
  inHead: boolean;
  caption: string;
  inCaption: boolean;
}

export function extractHtml(html: string): ExtractedHtml {
  let text = '';
  const blocks: RawBlock[] = [];
  const meta: DocMeta = {};
  // Inline text of the block being read, as parts (appending to one long string and trimming its
  // end would copy it each time: quadratic on long paragraphs full of <br>).
  let buf: string[] = [];
  let dropDepth = 0;
  let inTitle = false;
  let title = '';
  let pre = 0;
  let preLang: string | undefined;
  let quote = 0;
  const lists: number[] = []; // one entry per open ul/ol
  let liDepth = 0;
  let heading = 0; // level of the open heading, 0 when none
  const tables: TableState[] = [];

  const collapse = (s: string) => s.replace(/\s+/g, ' ');

  const emit = (t: string, b: Omit<RawBlock, 'start' | 'end'>) => {
    if (!t) return;
    if (text) text += '\n\n';
    const start = text.length;
    text += t;
    blocks.push({ ...b, start, end: text.length });
  };

  const bufLast = () => (buf.length ? buf[buf.length - 1] : '');
  const flush = () => {
    const raw = buf.join('');
    buf = [];
    if (pre > 0) {
      const t = trimCodeBlock(raw);
      if (t.trim()) emit(t, { kind: 'code', closed: true, ...(preLang ? { lang: preLang } : {}) });
      return;
    }
    const t = raw
      .split('\n')
      .map((l) => l.trim())
      .join('\n')
      .replace(/^\n+|\n+$/g, '')
      .replace(/\n{2,}/g, '\n');
    if (!t) return;
    if (heading) emit(t, { kind: 'heading', level: heading, title: collapse(t).trim() });
    else if (liDepth > 0) emit(t, { kind: 'list-item', level: Math.max(1, lists.length) });
    else if (quote > 0) emit(t, { kind: 'blockquote' });
    else emit(t, { kind: 'paragraph' });
  };

  const table = () => tables[tables.length - 1];

  const appendText = (data: string) => {
    const tb = table();
    if (tb) {
      if (tb.cell !== null) tb.cell += collapse(data);
      else if (tb.inCaption) tb.caption += collapse(data);
      return;
    }
    if (pre > 0) {
      buf.push(data);
      return;
    }
    let t = collapse(data);
    const last = bufLast();
    if (last === '' || last.endsWith(' ') || last.endsWith('\n')) t = t.replace(/^ /, '');
    if (t) buf.push(t);
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'html' && attribs.lang) meta.language = attribs.lang.toLowerCase();
        if (name === 'title') {
          inTitle = true; // read into meta.title, in or out of <head>
          if (dropDepth > 0) dropDepth++;
          return;
        }
        if (dropDepth > 0 || DROP.has(name)) {
          dropDepth++;
          return;
        }
        const tb = table();
        if (tb) {
          if (name === 'table') {
            tables.push(newTable()); // nested table: its own block after the outer one
            return;
          }
          if (name === 'thead') tb.inHead = true;
          else if (name === 'tr') {
            if (tb.row && tb.row.cells.length) tb.rows.push(tb.row);
            tb.row = { cells: [], header: tb.inHead };
          } else if (name === 'td' || name === 'th') {
            if (!tb.row) tb.row = { cells: [], header: tb.inHead };
            if (tb.cell !== null) tb.row.cells.push(cellText(tb.cell));
            tb.cell = '';
            if (name === 'th' && tb.row.cells.length === 0) tb.row.header = true;
            if (name === 'td') tb.row.header = tb.row.header && tb.inHead;
          } else if (name === 'caption') tb.inCaption = true;
          else if (name === 'br' && tb.cell !== null) tb.cell += ' ';
          return;
        }
        if (name === 'br') {
          const last = bufLast();
          if (last.endsWith(' ')) buf[buf.length - 1] = last.slice(0, -1);
          buf.push('\n');
          return;
        }
        // <pre><code class="language-python">: the language is on the inner <code> (highlight.js, Prism, marked).
        if (name === 'code' && pre > 0 && !preLang) preLang = langOf(attribs.class);
        if (!BLOCK.has(name)) return;
        flush();
        if (/^h[1-6]$/.test(name)) heading = Number(name[1]);
        else if (name === 'ul' || name === 'ol' || name === 'menu') lists.push(1);
        else if (name === 'li') liDepth++;
        else if (name === 'blockquote') quote++;
        else if (name === 'pre') {
          pre++;
          preLang = langOf(attribs.class);
        } else if (name === 'table') tables.push(newTable());
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (dropDepth > 0) {
          dropDepth--;
          return;
        }
        if (name === 'title') return;
        const tb = table();
        if (tb) {
          if (name === 'td' || name === 'th') {
            if (tb.cell !== null && tb.row) tb.row.cells.push(cellText(tb.cell));
            tb.cell = null;
          } else if (name === 'tr') {
            if (tb.cell !== null && tb.row) tb.row.cells.push(cellText(tb.cell));
            tb.cell = null;
            if (tb.row && tb.row.cells.length) tb.rows.push(tb.row);
            tb.row = null;
          } else if (name === 'thead') tb.inHead = false;
          else if (name === 'caption') tb.inCaption = false;
          else if (name === 'table') {
            tables.pop();
            emitTable(tb);
          }
          return;
        }
        if (!BLOCK.has(name)) return;
        flush();
        if (/^h[1-6]$/.test(name)) heading = 0;
        else if (name === 'ul' || name === 'ol' || name === 'menu') lists.pop();
        else if (name === 'li') liDepth = Math.max(0, liDepth - 1);
        else if (name === 'blockquote') quote = Math.max(0, quote - 1);
        else if (name === 'pre') {
          pre = Math.max(0, pre - 1);
          preLang = undefined;
        }
      },
      ontext(data) {
        if (inTitle) {
          title += data;
          return;
        }
        if (dropDepth > 0) return;
        appendText(data);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  function newTable(): TableState {
    return { rows: [], row: null, cell: null, inHead: false, caption: '', inCaption: false };
  }

  function emitTable(tb: TableState) {
    if (tb.cell !== null && tb.row) tb.row.cells.push(cellText(tb.cell));
    if (tb.row && tb.row.cells.length) tb.rows.push(tb.row);
    const caption = tb.caption.trim();
    if (caption) emit(caption, { kind: 'paragraph' });
    const rows = tb.rows.filter((r) => r.cells.some((c) => c !== ''));
    if (!rows.length) return;
    const lines = rows.map((r) => r.cells.join(' | '));
    const hasHeader = rows[0].header;
    if (text) text += '\n\n';
    const start = text.length;
    const spans = lines.map((l, i) => {
      if (i > 0) text += '\n';
      const s = text.length;
      text += l;
      return { start: s, end: text.length };
    });
    const block: RawBlock = { kind: 'table', start, end: text.length, rows: hasHeader ? spans.slice(1) : spans };
    if (hasHeader) block.header = spans[0];
    blocks.push(block);
  }

  parser.write(html);
  parser.end();
  // Unclosed tables and blocks at the end of the input.
  while (tables.length) emitTable(tables.pop()!);
  flush();

  const t = title.replace(/\s+/g, ' ').trim();
  if (t) meta.title = t;
  return { text, blocks, meta };
}

function langOf(cls: string | undefined): string | undefined {
  const m = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(cls ?? '');
  return m ? m[1] : undefined;
}

function cellText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
