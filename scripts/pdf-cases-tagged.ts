// Generated tagged PDFs (pdf-lib, structure tree written by hand) with the mistakes and habits of
// real producers that a reader of tags must survive:
// - `producerCase`: custom roles (one mapped through the RoleMap, others unmapped but named
//   "Heading 2", "TOC 1", "Normal"), a sentence drawn outside any marked content (a producer's
//   mistake: real text), a page number in an Artifact sequence, a table whose rows hold their
//   content without TD cells, list items whose labels sit in the body ("a)", a bullet), a figure
//   with axis labels and a caption;
// - `runningCase`: three pages whose running header and footer ("Page N of 3") are tagged as
//   paragraphs in the tree, a section heading on each page, and a middle page left untagged;
// - `noHeadingsCase`: every block a P (no H roles): headings only from their font (larger, bold);
//   a figure's caption as large stays a paragraph; a table with a row's cells out of order;
// - `numbersOnlyCase`: pages whose only text is their number (kept: never an empty output);
// - `bareHeadingsCase`: headings tagged H (no level) at three sizes;
// - `titleOnlyCase`: a title tagged H1 (RoleMap Title → H1, as Word writes it) over hand-set headings tagged P;
// - `repeatedHeaderCase`: a table over two pages, its header row repeated at the top of each (not a running line).
import { PDFDocument, PDFName, PDFNumber, StandardFonts, type PDFDict, type PDFPage, type PDFRef } from 'pdf-lib';

type Kid = number | El;
interface El {
  role: string;
  kids: Kid[];
  /** The page its marked contents lie on (index). */
  page?: number;
}
interface Draw {
  text: string;
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
  /** Marked-content id (tagged), 'artifact' (an Artifact sequence) or absent (no marked content). */
  mc?: number | 'artifact';
}

// Literal strings in WinAnsi (the standard fonts' encoding): the bullet is octal 225.
const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`).replace(/\u2022/g, '\\225');

async function build(pages: Draw[][], root: El, roleMap: Record<string, string>, marked = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const ctx = pdf.context;
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pageObjs: PDFPage[] = [];
  for (const draws of pages) {
    const page = pdf.addPage([612, 792]);
    const fr = page.node.newFontDictionary('FR', regular.ref);
    const fb = page.node.newFontDictionary('FB', bold.ref);
    const ops: string[] = [];
    for (const d of draws) {
      const font = d.bold ? fb : fr;
      const text = `BT ${font.toString()} ${d.size ?? 11} Tf 1 0 0 1 ${d.x} ${d.y} Tm (${esc(d.text)}) Tj ET`;
      if (d.mc === 'artifact') ops.push(`/Artifact <</Type /Pagination>> BDC ${text} EMC`);
      else if (typeof d.mc === 'number') ops.push(`/P <</MCID ${d.mc}>> BDC ${text} EMC`);
      else ops.push(text);
    }
    const stream = ctx.flateStream(ops.join('\n'));
    page.node.set(PDFName.of('Contents'), ctx.register(stream));
    pageObjs.push(page);
  }
  // Structure tree: elements get refs first (parents point at them), then their dictionaries.
  const rootRef = ctx.nextRef();
  const parentOf: Map<number, PDFRef>[] = pages.map(() => new Map());
  const write = (el: El, parent: PDFRef): PDFRef => {
    const ref = ctx.nextRef();
    const pg = pageObjs[el.page ?? 0].ref;
    const kids = el.kids.map((k) => {
      if (typeof k === 'number') {
        parentOf[el.page ?? 0].set(k, ref);
        return PDFNumber.of(k);
      }
      return write({ ...k, page: k.page ?? el.page }, ref);
    });
    ctx.assign(ref, ctx.obj({ Type: 'StructElem', S: PDFName.of(el.role), P: parent, Pg: pg, K: ctx.obj(kids) }));
    return ref;
  };
  const top = write(root, rootRef);
  const nums: (PDFNumber | PDFRef | ReturnType<typeof ctx.obj>)[] = [];
  pageObjs.forEach((p, i) => {
    const ids = [...parentOf[i].keys()].sort((a, b) => a - b);
    if (!ids.length) return;
    p.node.set(PDFName.of('StructParents'), PDFNumber.of(i));
    const arr = Array.from({ length: ids[ids.length - 1] + 1 }, (_, k) => parentOf[i].get(k) ?? top);
    nums.push(PDFNumber.of(i), ctx.obj(arr));
  });
  const rm: Record<string, PDFName> = {};
  for (const [k, v] of Object.entries(roleMap)) rm[k] = PDFName.of(v);
  ctx.assign(rootRef, ctx.obj({ Type: 'StructTreeRoot', K: top, ParentTree: ctx.obj({ Nums: ctx.obj(nums) }), RoleMap: ctx.obj(rm) }));
  pdf.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  if (marked) pdf.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }) as PDFDict);
  pdf.setTitle('Tagged case', { showInWindowTitleBar: false });
  return pdf.save({ useObjectStreams: false });
}

const el = (role: string, ...kids: Kid[]): El => ({ role, kids });

export interface TaggedCase {
  bytes: Uint8Array;
  /** Headings the reader must give (level, text), in order. */
  headings: [number, string][];
  /** Paragraph or item texts that must appear, in this order. */
  texts: string[];
  /** Texts that must not appear anywhere (artifacts, running lines, axis labels). */
  absent: string[];
  tables: { header: string[]; rows: string[][] }[];
  /** List items as rendered (marker and text), when the case has lists. */
  items?: string[];
}

const LOREM = [
  'The reader takes the tags as the author meant them, and falls back on the page when they are wrong.',
  'Every measurement in this summary comes from the same questions asked of each configuration.',
  'Results are reported with their intervals so that small differences are not mistaken for progress.',
];

/** Custom roles, stray and artifact text, a table without TD cells, labels in list bodies, a figure. */
export async function producerCase(marked = true): Promise<TaggedCase> {
  let y = 740;
  const line = (text: string, mc: number | 'artifact' | undefined, size = 11, b = false): Draw => {
    const d = { text, x: 72, y, size, bold: b, mc };
    y -= size * 1.8;
    return d;
  };
  const draws: Draw[] = [
    line('Annual Summary', 0, 20, true),
    line(LOREM[0], 1),
    line('Scope and method', 2, 15, true),
    line(LOREM[1], 3),
    line('This sentence was left outside the tags by its producer and is real text.', undefined),
    line(LOREM[2], 4),
  ];
  // A table: rows hold their cells' marked contents directly (no TD).
  const tableRows = [
    ['Configuration', 'Recall'],
    ['Fixed size', '0.61'],
    ['Semantic', '0.66'],
  ];
  let mc = 5;
  const trs: El[] = [];
  for (const r of tableRows) {
    const ids = r.map(() => mc++);
    r.forEach((t, i) => draws.push({ text: t, x: 72 + 160 * i, y, mc: ids[i] }));
    trs.push(el('TR', ...ids));
    y -= 20;
  }
  y -= 10;
  // Table of contents entries, a custom role left unmapped.
  const tocIds = [mc++, mc++];
  draws.push(line('Scope and method ........ 1', tocIds[0]), line('Annex ........ 2', tocIds[1]));
  // A list: labels in the item bodies, no Lbl.
  const listIds = [mc++, mc++, mc++];
  draws.push(line('a) the first option read as an item', listIds[0]), line('b) the second option read as an item', listIds[1]), line('\u2022 a bulleted point', listIds[2]));
  // A figure: axis labels and a caption.
  const fig = [mc++, mc++, mc++];
  draws.push({ text: '0', x: 72, y, mc: fig[0] }, { text: '50', x: 120, y, mc: fig[1] });
  y -= 20;
  draws.push(line('Figure 1: Recall of each configuration on the shared questions', fig[2]));
  const after = mc++;
  draws.push(line('The figure closes the summary.', after));
  draws.push({ text: '1', x: 300, y: 30, mc: 'artifact' });
  const root = el(
    'Document',
    el('Doc Title', 0),
    el('Body Text', 1),
    el('Heading 2', 2),
    el('Normal', 3),
    el('P', 4),
    el('Table', ...trs),
    el('TOC', el('TOC 1', tocIds[0]), el('TOC 1', tocIds[1])),
    el('L', ...listIds.map((i) => el('LI', el('LBody', i)))),
    el('Figure', fig[0], fig[1], el('Caption', fig[2])),
    el('P', after),
  );
  return {
    bytes: await build([draws], root, { 'Doc Title': 'H1', 'Body Text': 'P' }, marked),
    headings: [
      [1, 'Annual Summary'],
      [2, 'Scope and method'],
    ],
    texts: [LOREM[0], LOREM[1], 'This sentence was left outside the tags by its producer and is real text.', LOREM[2], 'Scope and method ........ 1', 'Figure 1: Recall of each configuration on the shared questions', 'The figure closes the summary.'],
    absent: ['50'],
    tables: [{ header: tableRows[0], rows: tableRows.slice(1) }],
    items: ['- a) the first option read as an item', '- b) the second option read as an item', '- a bulleted point'],
  };
}

/** Three pages: running header and footer tagged as paragraphs; the middle page untagged. */
export async function runningCase(): Promise<TaggedCase> {
  const pages: Draw[][] = [];
  const kids: El[] = [];
  const texts: string[] = [];
  const headings: [number, string][] = [];
  const sections = ['Collecting documents', 'Cleaning the text', 'Splitting into chunks'];
  const bodies = [
    ['Documents come from the shared drive and from the public archive of the project.', 'Each one keeps its source and the date it was collected.'],
    ['Cleaning removes the boilerplate that every exported page carries with it.', 'Hyphenated words at line ends are joined again before indexing.'],
    ['Chunks follow the headings first and the sentence boundaries after that.', 'A chunk never crosses a section, so every answer cites one place.'],
  ];
  for (let p = 0; p < 3; p++) {
    const tagged = p !== 1;
    let mc = 0;
    const id = () => (tagged ? mc++ : undefined);
    const draws: Draw[] = [];
    const els: El[] = [];
    const add = (role: string, d: Draw) => {
      draws.push(d);
      if (typeof d.mc === 'number') els.push({ role, kids: [d.mc], page: p });
    };
    add('P', { text: 'Northwind Data Handbook - internal edition', x: 72, y: 750, size: 9, mc: id() });
    add('H1', { text: sections[p], x: 72, y: 700, size: 16, bold: true, mc: id() });
    headings.push([1, sections[p]]);
    let y = 670;
    for (const t of bodies[p]) {
      add('P', { text: t, x: 72, y, mc: id() });
      texts.push(t);
      y -= 30;
    }
    add('P', { text: `Page ${p + 1} of 3`, x: 280, y: 40, size: 9, mc: id() });
    pages.push(draws);
    kids.push(...els);
  }
  return {
    bytes: await build(pages, { role: 'Document', kids }, {}),
    headings,
    texts,
    absent: ['Northwind Data Handbook', 'Page 1 of 3', 'Page 3 of 3'],
    tables: [],
  };
}

/** Every block tagged P: the headings only from their font (larger, bold). */
export async function noHeadingsCase(): Promise<TaggedCase> {
  const draws: Draw[] = [];
  const kids: El[] = [];
  let mc = 0;
  let y = 740;
  const headings: [number, string][] = [];
  const texts: string[] = [];
  const blocks: [string, boolean][] = [
    ['Evaluation Guide', true],
    [LOREM[0], false],
    ['Preparing the questions', true],
    [LOREM[1], false],
    [LOREM[2], false],
    ['Reading the results', true],
    ['Intervals overlap when two configurations cannot be told apart on these questions.', false],
  ];
  for (const [t, head] of blocks) {
    const size = head ? (y === 740 ? 20 : 15) : 11;
    draws.push({ text: t, x: 72, y, size, bold: head, mc });
    kids.push(el('P', mc++));
    y -= head ? 34 : 24;
    if (head) headings.push([0, t]);
    else texts.push(t);
  }
  // A paragraph holding a figure (as LibreOffice writes frames): tick labels and a caption set as
  // large and bold as a heading; the caption must stay a paragraph.
  const ticks = [mc++, mc++];
  draws.push({ text: '10', x: 72, y, mc: ticks[0] }, { text: '20', x: 140, y, mc: ticks[1] });
  y -= 24;
  const caption = 'Figure 2: Intervals of the two configurations';
  draws.push({ text: caption, x: 72, y, size: 15, bold: true, mc });
  kids.push(el('P', el('Figure', ...ticks, el('P', mc++))));
  y -= 34;
  texts.push(caption);
  // A spreadsheet export's table: the second row's cells written out of their visual order.
  const table = [
    ['Configuration', 'Questions', 'Recall'],
    ['Fixed size', '120', '0.61'],
    ['Semantic', '120', '0.66'],
  ];
  const trs: El[] = [];
  table.forEach((r, i) => {
    const ids = r.map((t, j) => {
      draws.push({ text: t, x: 72 + 150 * j, y, mc });
      return mc++;
    });
    trs.push(el('TR', ...(i === 1 ? [ids[2], ids[0], ids[1]] : ids).map((k) => el('TD', k))));
    y -= 20;
  });
  kids.push(el('Table', ...trs));
  return { bytes: await build([draws], { role: 'Document', kids }, {}), headings, texts, absent: ['10', '20'], tables: [{ header: table[0], rows: table.slice(1) }] };
}

/** Two pages whose only text is a page number, tagged: the output keeps them (never empty). */
export async function numbersOnlyCase(): Promise<TaggedCase> {
  const pages: Draw[][] = [[{ text: '1', x: 300, y: 40, mc: 0 }], [{ text: '2', x: 300, y: 40, mc: 0 }]];
  const root: El = { role: 'Document', kids: [{ role: 'P', kids: [0], page: 0 }, { role: 'P', kids: [0], page: 1 }] };
  return { bytes: await build(pages, root, {}), headings: [], texts: ['1', '2'], absent: [], tables: [] };
}

/** Headings tagged H (no level) at three sizes: their levels come from their size. */
export async function bareHeadingsCase(): Promise<TaggedCase> {
  const spec: [string, number, number][] = [
    ['Operations Manual', 20, 1],
    ['Loading the trucks', 15, 2],
    ['Checking the seals', 13, 3],
    ['Unloading at the depot', 15, 2],
  ];
  const draws: Draw[] = [];
  const kids: El[] = [];
  let mc = 0;
  let y = 740;
  const texts: string[] = [];
  for (const [t, size] of spec) {
    draws.push({ text: t, x: 72, y, size, bold: true, mc });
    kids.push(el('H', mc++));
    y -= 30;
    const body = `The steps for ${t.toLowerCase()} are listed in the order the crew follows them.`;
    draws.push({ text: body, x: 72, y, mc });
    kids.push(el('P', mc++));
    texts.push(body);
    y -= 30;
  }
  return { bytes: await build([draws], { role: 'Document', kids }, {}), headings: spec.map(([t, , l]) => [l, t]), texts, absent: [], tables: [] };
}

/** A title tagged H1 (Word's "Title" style) over paragraphs whose section headings were set by hand (bold, larger, tagged P). */
export async function titleOnlyCase(): Promise<TaggedCase> {
  const draws: Draw[] = [];
  const kids: El[] = [];
  let mc = 0;
  let y = 740;
  const blocks: [string, 'title' | 'head' | 'body'][] = [
    ['Evaluation Guide', 'title'],
    [LOREM[0], 'body'],
    ['Preparing the questions', 'head'],
    [LOREM[1], 'body'],
    [LOREM[2], 'body'],
    ['Reading the results', 'head'],
    ['Intervals overlap when two configurations cannot be told apart on these questions.', 'body'],
  ];
  for (const [t, kind] of blocks) {
    const size = kind === 'title' ? 20 : kind === 'head' ? 15 : 11;
    draws.push({ text: t, x: 72, y, size, bold: kind !== 'body', mc });
    kids.push(el(kind === 'title' ? 'Title' : 'P', mc++));
    y -= kind === 'body' ? 24 : 34;
  }
  return {
    bytes: await build([draws], { role: 'Document', kids }, { Title: 'H1' }),
    headings: blocks.filter((b) => b[1] !== 'body').map(([t, k]) => [k === 'title' ? 1 : 2, t]),
    texts: blocks.filter((b) => b[1] === 'body').map((b) => b[0]),
    absent: [],
    tables: [],
  };
}

/** A table running over two pages from the top of the first, its header row repeated at the top of each page. */
export async function repeatedHeaderCase(): Promise<TaggedCase> {
  const header = ['Station', 'Readings', 'Status'];
  const rows = Array.from({ length: 12 }, (_, k) => [`Station ${String.fromCharCode(65 + k)}`, String(40 + k * 7), k % 3 ? 'ok' : 'late']);
  const pages: Draw[][] = [];
  const tables: El[] = [];
  for (let p = 0; p < 2; p++) {
    let mc = 0;
    let y = 750;
    const draws: Draw[] = [];
    const trs: El[] = [];
    const row = (cells: string[], role: string) => {
      trs.push({ role: 'TR', kids: cells.map((t, j) => {
        draws.push({ text: t, x: 72 + 150 * j, y, bold: role === 'TH', mc });
        return { role, kids: [mc++] };
      }) });
      y -= 20;
    };
    row(header, 'TH');
    for (const r of rows.slice(p * 6, p * 6 + 6)) row(r, 'TD');
    pages.push(draws);
    tables.push({ role: 'Table', kids: trs, page: p });
  }
  return { bytes: await build(pages, { role: 'Document', kids: tables }, {}), headings: [], texts: [], absent: [], tables: [{ header, rows }] };
}
