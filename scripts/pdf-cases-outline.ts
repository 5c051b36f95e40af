// A generated PDF (pdf-lib, untagged) shaped like a texinfo manual (Debian's libtasn1 manual): its
// outline (bookmarks) leaves out the section numbers the text prints ("Syntax" for "2.1 Syntax",
// "A Copying Information" for "Appendix A Copying Information"), one section title wraps over two
// lines, and every function's name is set larger and bold at the head of its description (texinfo's
// @subheading), with an author line under the title. The reader must take the outline's headings,
// plus a numbered subsection below the outline's depth, and none of the function names or bylines.
import { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';

interface Line {
  text: string;
  size: number;
  bold?: boolean;
  /** The outline entry of this line (the title the bookmark carries), if any. */
  bookmark?: { level: number; title: string };
  /** The heading the reader must produce (its level and the text as printed). */
  heading?: number;
  /** Joined to the previous line's heading (a title wrapped over two lines). */
  wrapped?: boolean;
}

const para = (text: string): Line => ({ text, size: 11 });
const fn = (name: string): Line[] => [
  { text: name, size: 13, bold: true },
  para(`int ${name.replace(/ /g, '_')} (node_t root, const char *name)`),
  para(`The function ${name.replace(/ /g, '_')} works on the tree given and returns a status code.`),
  para('Returns: a success code when the element was found, an error code otherwise.'),
];

const LINES: Line[] = [
  { text: 'Libtree Manual', size: 22, bold: true },
  { text: 'Ana Souza Bruno Lima', size: 14, bold: true },
  { text: '1 Introduction', size: 17, bold: true, bookmark: { level: 1, title: '1 Introduction' }, heading: 1 },
  para('This document describes the tree library and the tools that come with it for parsing schemas.'),
  { text: '2 Tree structure handling', size: 17, bold: true, bookmark: { level: 1, title: '2 Tree structure handling' }, heading: 1 },
  { text: '2.1 Syntax', size: 13, bold: true, bookmark: { level: 2, title: 'Syntax' }, heading: 2 },
  para('The syntax of the schema files follows the standard with a few restrictions listed below.'),
  { text: '2.1.1 Restrictions on tags', size: 11, bold: true, heading: 3 },
  para('Tags must be explicit or implicit; automatic tagging is read but not checked by the parser.'),
  { text: '2.2 Functions that read and write the values of', size: 13, bold: true, bookmark: { level: 2, title: 'Functions that read and write the values of the fields' }, heading: 2 },
  { text: 'the fields', size: 13, bold: true, wrapped: true },
  para('These functions take a node and a name and act on the value of the element so named.'),
  { text: '3 Function reference', size: 17, bold: true, bookmark: { level: 1, title: '3 Function reference' }, heading: 1 },
  { text: '3.1 Field functions', size: 13, bold: true, bookmark: { level: 2, title: 'Field functions' }, heading: 2 },
  ...fn('tree create element'),
  ...fn('tree read value'),
  ...fn('tree write value'),
  { text: '3.2 Encoding functions', size: 13, bold: true, bookmark: { level: 2, title: 'Encoding functions' }, heading: 2 },
  ...fn('tree der coding'),
  ...fn('tree der decoding'),
  ...fn('tree length der'),
  // A numbered bold line whose number does not continue the outline's section above it.
  { text: '5.3 Return values', size: 11, bold: true },
  para('Every function returns zero on success and a negative code on failure, as listed above.'),
  { text: 'Appendix A Copying Information', size: 17, bold: true, bookmark: { level: 1, title: 'A Copying Information' }, heading: 1 },
  para('Permission is granted to copy, distribute and modify this document under the terms of the licence.'),
];

/** The headings the reader must produce, in order, with their levels (the text as printed). */
export const OUTLINE_MANUAL = {
  headings: LINES.flatMap((l, i) => (l.heading ? [{ level: l.heading, title: LINES[i + 1]?.wrapped ? `${l.text} ${LINES[i + 1].text}` : l.text }] : [])),
  /** Lines that must never be headings: the function names and the byline. */
  notHeadings: LINES.filter((l) => l.size === 13 && !l.heading && !l.wrapped).map((l) => l.text).concat('Ana Souza Bruno Lima', '5.3 Return values'),
  /** Every line's text, in reading order. */
  text: LINES.map((l) => l.text),
};

/** An /Outlines tree written with pdf-lib's low-level objects (levels nest under the last shallower entry). */
export function addOutline(pdf: PDFDocument, items: { level: number; title: string; page: PDFRef; y: number }[]): void {
  const ctx = pdf.context;
  const rootRef = ctx.nextRef();
  const refs = items.map(() => ctx.nextRef());
  const parentOf = items.map((it, i) => {
    for (let j = i - 1; j >= 0; j--) if (items[j].level < it.level) return j;
    return -1;
  });
  const kids = (p: number) => items.map((_, i) => i).filter((i) => parentOf[i] === p);
  items.forEach((it, i) => {
    const siblings = kids(parentOf[i]);
    const k = siblings.indexOf(i);
    const mine = kids(i);
    const dict = ctx.obj({ Title: PDFString.of(it.title), Parent: parentOf[i] < 0 ? rootRef : refs[parentOf[i]], Dest: [it.page, 'XYZ', 72, it.y, null] });
    if (k > 0) dict.set(PDFName.of('Prev'), refs[siblings[k - 1]]);
    if (k < siblings.length - 1) dict.set(PDFName.of('Next'), refs[siblings[k + 1]]);
    if (mine.length) {
      dict.set(PDFName.of('First'), refs[mine[0]]);
      dict.set(PDFName.of('Last'), refs[mine[mine.length - 1]]);
      dict.set(PDFName.of('Count'), PDFNumber.of(mine.length));
    }
    ctx.assign(refs[i], dict);
  });
  const top = kids(-1);
  ctx.assign(rootRef, ctx.obj({ Type: 'Outlines', First: refs[top[0]], Last: refs[top[top.length - 1]], Count: items.length }));
  pdf.catalog.set(PDFName.of('Outlines'), rootRef);
}

/** The manual: pages of Helvetica lines, a new page when one is full, bookmarks to the headings. */
export async function outlineManual(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const marks: { level: number; title: string; page: PDFRef; y: number }[] = [];
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 740;
  for (const l of LINES) {
    const gap = l.size > 11 && !l.wrapped ? l.size * 1.6 : l.size * 1.4;
    if (y - gap < 72) {
      page = pdf.addPage([612, 792]);
      y = 740;
    } else if (l !== LINES[0]) y -= gap;
    page.drawText(l.text, { x: 72, y, size: l.size, font: l.bold ? b : f });
    if (l.bookmark) marks.push({ ...l.bookmark, page: page.ref, y });
  }
  addOutline(pdf, marks);
  return pdf.save({ useObjectStreams: false });
}

export async function outlineCase() {
  return { name: 'outline without section numbers (texinfo-like)', bytes: await outlineManual(), text: OUTLINE_MANUAL.text.join(' '), outline: OUTLINE_MANUAL.headings, tables: [], running: [] };
}

/**
 * What codeNamesManual() draws (no outline, no tags): a reference page where each function's
 * identifier or signature is set larger and bold like a heading, between real headings.
 */
export const CODE_NAMES = {
  lines: [
    { text: 'Parser Reference', size: 20, heading: 1 },
    { text: '1 Overview', size: 15, heading: 2 },
    { text: 'The parser reads a schema and builds a tree that the functions below walk and change.' },
    { text: 'Error handling', size: 13, heading: 3 },
    { text: 'Every function returns a status code; zero means success and anything else an error.' },
    // A product name with one dot is a title, not code.
    { text: 'Schema.js', size: 13, heading: 3 },
    { text: 'The same parser compiled for the browser, with the functions listed below.' },
    { text: 'parse_tree_node', size: 13 },
    { text: 'Builds one node of the tree from the schema text at the given position.' },
    { text: 'readValue', size: 13 },
    { text: 'Reads the value of a field into a buffer supplied by the caller.' },
    { text: 'int write_value (const char *name, void *value)', size: 13 },
    { text: 'Writes a value into the field named, growing the tree when needed.' },
    { text: 'tree.node.copy()', size: 13 },
    { text: 'Copies a node and everything under it into a new tree.' },
    { text: '2 Invoking treeParser', size: 15, heading: 2 },
    { text: 'The command line tool reads a schema file and prints the tree it builds from it.' },
  ] as { text: string; size?: number; heading?: number }[],
};

export async function codeNamesManual(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  for (const l of CODE_NAMES.lines) {
    page.drawText(l.text, { x: 72, y, size: l.size ?? 10, font: l.size ? b : f });
    y -= (l.size ?? 10) * 2.2;
  }
  return pdf.save();
}

export async function codeNamesCase() {
  const headings = CODE_NAMES.lines.flatMap((l) => (l.heading ? [{ level: l.heading, title: l.text }] : []));
  return { name: 'function names set as headings', bytes: await codeNamesManual(), text: CODE_NAMES.lines.map((l) => l.text).join(' '), outline: headings, tables: [], running: [] };
}

/**
 * What tightSubsections() draws (no outline, no tags, no bold: the font carries no weight cue): a
 * numbered subsection title at body size and weight, a gap above it but its paragraph's first line
 * right below (LaTeX's \subsection in some classes), and two lines that must stay text: a paragraph
 * opening with a number after a gap but running the full line, and a short numbered line inside a
 * paragraph.
 */
export const TIGHT = {
  blocks: [
    { head: 'Notes on Tracing', size: 16 },
    { head: '1 Introduction', size: 12 },
    { lines: ['Tracing compilers record the path a program takes through a loop and compile only that path,', 'which keeps the compiled code small and fast for the common case seen while running.'] },
    { head: '1.1 Calling Compiled Traces', size: 10 },
    { lines: ['Compiled traces are stored in a cache indexed by the program counter and the types seen,', 'and they are called like ordinary functions with the usual calling conventions of the host.'] },
    { lines: ['2 Large tables were kept exactly as they are, because moving them would break the numbering', 'that every later section of these notes relies on when it points back to earlier results.'] },
    { lines: ['The monitor counts how often each loop edge is taken and starts recording once the count', '3 Times Over', 'the threshold, so that cold code is never compiled at all.'] },
  ] as ({ head: string; size: number } | { lines: string[] })[],
};

export async function tightSubsections(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  let underHead = false;
  for (const b of TIGHT.blocks) {
    if ('head' in b) {
      y -= 22;
      page.drawText(b.head, { x: 72, y, size: b.size, font: f });
      y -= b.size * 1.15;
      underHead = true;
    } else {
      if (!underHead) y -= 12; // a paragraph gap, except right under a heading
      underHead = false;
      for (const l of b.lines) {
        page.drawText(l, { x: 72, y, size: 10, font: f });
        y -= 11.5;
      }
    }
  }
  return pdf.save();
}
