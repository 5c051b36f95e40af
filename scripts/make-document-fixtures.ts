// Writes the PDF and DOCX test fixtures under tests/fixtures/documents/ (run: npx tsx
// scripts/make-document-fixtures.ts). Each fixture's content comes from the specs below, and what a
// reader must recover (outline, tables, paragraphs) is written next to it as <name>.expected.json,
// so the tests compare against the source, not against the converter's own output.
//  - manual.pdf (pdf-lib, untagged): Helvetica headings at 22/16/13 pt over 11 pt body, running
//    header and "Page N" footer, lists, a table, Courier code, a two-column page, an image-only page.
//  - bookmarks.pdf (pdf-lib): headings set in the body font and size, recoverable only from the outline.
//  - scanned.pdf: one page holding an image and no text. encrypted.pdf: an /Encrypt dictionary in the
//    trailer whose /U does not validate the empty password (what a password-protected file looks
//    like to a reader without the password). truncated.pdf: manual.pdf cut at 55 %.
//  - tagged.pdf: a Markdown manual rendered to HTML (marked) and printed by headless Chromium, which
//    writes a structure tree (H1–H3, P, L/LI, Table/TR/TH/TD, Code). Needs /usr/bin/chromium.
//  - policy.docx (docx): heading styles, bullet and numbered lists, a table with a header row.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { marked } from 'marked';
import { PDFDocument, PDFHexString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import * as docx from 'docx';
import { addOutline } from './pdf-cases-outline.ts';

const OUT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'documents');
mkdirSync(OUT, { recursive: true });

interface Expected {
  outline: { level: number; title: string }[];
  tables: { header: string[]; rows: string[][] }[];
  /** Body texts (paragraphs, list items) the Markdown must contain, words in this order. */
  texts: string[];
  /** Hyphenated words that must come back joined, and real hyphens that must stay. */
  joined?: string[];
  kept?: string[];
  /** Text of each page's body (first words), for the page map. */
  pageStarts?: { page: number; words: string }[];
  /** Lines that must not appear (running headers, footers). */
  absent?: string[];
  code?: string[];
}

// ------------------------------------------------------------------ a tiny page writer for pdf-lib

interface Fonts {
  body: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

class Writer {
  y = 0;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
    readonly left = 72,
    readonly right = 540,
    top = 720,
  ) {
    this.y = top;
  }
  line(text: string, size: number, font: PDFFont, x = this.left, lead = size * 1.35): void {
    this.page.drawText(text, { x, y: this.y, size, font });
    this.y -= lead;
  }
  gap(pt: number): void {
    this.y -= pt;
  }
  /** Wraps words to the column width; `lines` forces explicit lines (for hyphenation). */
  para(text: string | string[], size = 11, font = this.fonts.body, x = this.left, after = 8): void {
    const lines = Array.isArray(text) ? text : wrap(text, font, size, this.right - x);
    for (const l of lines) this.line(l, size, font, x);
    this.gap(after);
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of text.split(/\s+/)) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && font.widthOfTextAtSize(next, size) > width) {
      out.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

function runningLines(page: PDFPage, fonts: Fonts, n: number, title: string): void {
  page.drawText(title, { x: 72, y: 756, size: 9, font: fonts.body });
  page.drawText(`Page ${n}`, { x: 290, y: 36, size: 9, font: fonts.body });
}

// ------------------------------------------------------------------ manual.pdf (untagged)

const P_INTRO =
  'This guide explains how ChunkLab cuts documents into chunks and how each cut changes what retrieval can find later on.';
const P_HYPH = [
  'Most teams store their manuals as PDF docu-',
  'ments, and a chunker that reads them must keep the well-',
  'known structure of headings, lists and tables intact, for exam-',
  'ple the header row of every table.',
];
/** What P_HYPH must read as: syllable breaks joined, the compound's hyphen kept. */
const P_HYPH_TEXT =
  'Most teams store their manuals as PDF documents, and a chunker that reads them must keep the well-known structure of headings, lists and tables intact, for example the header row of every table.';
const P_START = 'Open the playground, add a corpus and pick a chunker; every chunk keeps offsets into the original text. It works well with the known formats.';
const BULLETS = [
  'Paste text or drop files into the workspace.',
  'Pick the structure chunker with a size of 200 tokens, which keeps every heading together with the body text that follows it.',
  'Run a grid and read the results.',
];
const NUMBERED = ['Node 20 or newer.', 'Two CPU cores.', 'A recent Chromium for the browser tests.'];
const P_OPTIONS = 'Every chunker takes the options below; sizes are counted in tokens of the chosen model.';
const TABLE = {
  header: ['Option', 'Default', 'Meaning'],
  rows: [
    ['maxTokens', '128', 'hard cap per chunk'],
    ['overlap', '0', 'tokens shared by neighbours'],
    ['level', '2', 'heading level of a section'],
    ['merge', 'off', 'join small sections'],
  ],
};
const CODE = ['npm run cli -- chunk \\', '  --dataset docs \\', '  --chunker structure'];
const P_AFTER_CODE = 'The command prints one line per chunk with its heading path and token count.';
const LEFT_COL = [
  'The left column opens the comparison. Fixed windows ignore structure and cut wherever the count runs out, so a heading can end up alone at the bottom of a chunk.',
  'Recursive splitting tries blank lines first, then line ends, then sentence ends, and merges neighbours while they fit.',
];
const RIGHT_COL = [
  'The right column continues the story. Sentence packing never cuts inside a sentence and keeps table rows whole.',
  'Structure chunking keeps each section with its heading and repeats the table header in every piece of a long table.',
];
const P_APPENDIX = 'Numbers in this guide were measured on the bundled samples with BM25 retrieval at 128 tokens.';

async function makeManual(): Promise<{ bytes: Uint8Array; expected: Expected }> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    body: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const title = 'ChunkLab Field Guide';
  // Page 1
  let page = pdf.addPage([612, 792]);
  runningLines(page, fonts, 1, title);
  let w = new Writer(page, fonts);
  w.line('Field Guide', 22, fonts.bold, 72, 34);
  w.para(P_INTRO);
  w.para(P_HYPH);
  w.gap(6);
  w.line('Getting started', 16, fonts.bold, 72, 26);
  w.para(P_START);
  for (const b of BULLETS) {
    const lines = wrap(b, fonts.body, 11, 540 - 90);
    page.drawText('•', { x: 76, y: w.y, size: 11, font: fonts.body });
    for (const l of lines) w.line(l, 11, fonts.body, 90);
    w.gap(3);
  }
  w.gap(8);
  w.line('Requirements', 13, fonts.bold, 72, 22);
  NUMBERED.forEach((t, i) => {
    page.drawText(`${i + 1}.`, { x: 74, y: w.y, size: 11, font: fonts.body });
    w.line(t, 11, fonts.body, 90);
  });
  // Page 2
  page = pdf.addPage([612, 792]);
  runningLines(page, fonts, 2, title);
  w = new Writer(page, fonts);
  w.line('Options', 16, fonts.bold, 72, 26);
  w.para(P_OPTIONS);
  const cols = [72, 180, 260];
  const row = (cells: string[], font: PDFFont) => {
    cells.forEach((c, i) => page.drawText(c, { x: cols[i], y: w.y, size: 11, font }));
    w.gap(16);
  };
  row(TABLE.header, fonts.bold);
  for (const r of TABLE.rows) row(r, fonts.body);
  w.gap(10);
  w.line('Running from the command line', 13, fonts.bold, 72, 22);
  for (const c of CODE) w.line(c, 10, fonts.mono, 72, 13);
  w.gap(10);
  w.para(P_AFTER_CODE);
  // Page 3: two columns under a full-width heading
  page = pdf.addPage([612, 792]);
  runningLines(page, fonts, 3, title);
  w = new Writer(page, fonts);
  w.line('Two strategies side by side', 16, fonts.bold, 72, 26);
  const top = w.y;
  const left = new Writer(page, fonts, 72, 294, top);
  for (const p of LEFT_COL) left.para(p);
  const right = new Writer(page, fonts, 318, 540, top);
  for (const p of RIGHT_COL) right.para(p);
  // Page 4: appendix, and page 5: an image only (a scanned page inside a text PDF)
  page = pdf.addPage([612, 792]);
  runningLines(page, fonts, 4, title);
  w = new Writer(page, fonts);
  w.line('Appendix', 16, fonts.bold, 72, 26);
  w.para(P_APPENDIX);
  page = pdf.addPage([612, 792]);
  const png = await pdf.embedPng(grayPng(64, 64));
  page.drawImage(png, { x: 72, y: 300, width: 400, height: 400 });
  pdf.setTitle('ChunkLab Field Guide');
  const bytes = await pdf.save({ useObjectStreams: false });
  return {
    bytes,
    expected: {
      outline: [
        { level: 1, title: 'Field Guide' },
        { level: 2, title: 'Getting started' },
        { level: 3, title: 'Requirements' },
        { level: 2, title: 'Options' },
        { level: 3, title: 'Running from the command line' },
        { level: 2, title: 'Two strategies side by side' },
        { level: 2, title: 'Appendix' },
      ],
      tables: [TABLE],
      texts: [P_INTRO, P_HYPH_TEXT, P_START, ...BULLETS, ...NUMBERED, P_OPTIONS, P_AFTER_CODE, ...LEFT_COL, ...RIGHT_COL, P_APPENDIX],
      joined: ['documents', 'example'],
      kept: ['well-known'],
      pageStarts: [
        { page: 1, words: 'Field Guide' },
        { page: 2, words: 'Options' },
        { page: 3, words: 'Two strategies side by side' },
        { page: 4, words: 'Appendix' },
      ],
      absent: [title, 'Page 1', 'Page 2', 'Page 3', 'Page 4'],
      code: CODE,
    },
  };
}

// ------------------------------------------------------------------ bookmarks.pdf (outline only)

const BM_SECTIONS = [
  { level: 1, title: 'Policy overview', body: 'This policy sets the rules for keeping and sharing chunked corpora inside the team.' },
  { level: 2, title: 'Retention', body: 'Corpora are kept for ninety days after the last experiment that used them.' },
  { level: 2, title: 'Sharing', body: 'Results files may be shared freely; corpora only with the owner of the documents.' },
  { level: 1, title: 'Exceptions', body: 'The lead engineer may grant an exception in writing for a single project.' },
];

async function makeBookmarks(): Promise<{ bytes: Uint8Array; expected: Expected }> {
  const pdf = await PDFDocument.create();
  const fonts: Fonts = {
    body: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const page = pdf.addPage([612, 792]);
  const w = new Writer(page, fonts);
  const dests: number[] = [];
  for (const s of BM_SECTIONS) {
    dests.push(w.y + 11);
    w.para(s.title, 11, fonts.body, 72, 4);
    w.para(s.body);
  }
  addOutline(pdf, BM_SECTIONS.map(({ level, title }, i) => ({ level, title, page: page.ref, y: dests[i] })));
  const bytes = await pdf.save({ useObjectStreams: false });
  return {
    bytes,
    expected: { outline: BM_SECTIONS.map(({ level, title }) => ({ level, title })), tables: [], texts: BM_SECTIONS.map((s) => s.body) },
  };
}

// ------------------------------------------------------------------ scanned, encrypted, truncated

/** A small grayscale PNG (a gradient with a dark band: something that looks like a scan). */
function grayPng(w: number, h: number): Uint8Array {
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0;
    for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = y % 8 < 2 ? 40 : 200 + ((x * 3) % 50);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return new Uint8Array(
    Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]),
  );
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

async function makeScanned(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const img = await pdf.embedPng(grayPng(64, 64));
  page.drawImage(img, { x: 36, y: 36, width: 540, height: 720 });
  return pdf.save();
}

async function makeEncrypted(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('Confidential text nobody should read without the password.', { x: 72, y: 700, size: 11, font });
  const ctx = pdf.context;
  const bytes32 = (seed: number) => PDFHexString.of(Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 255).toString(16).padStart(2, '0')).join(''));
  // Standard security handler, RC4 40-bit (V1/R2). /U is not the value the empty password produces,
  // so a reader must ask for the user password.
  const enc = ctx.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: bytes32(11), U: bytes32(99) });
  ctx.trailerInfo.Encrypt = ctx.register(enc);
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of('0123456789abcdef0123456789abcdef'), PDFHexString.of('0123456789abcdef0123456789abcdef')]);
  return pdf.save({ useObjectStreams: false });
}

// ------------------------------------------------------------------ tagged.pdf (Chromium)

const TAGGED_MD = `# Retrieval Handbook

This handbook explains how a corpus becomes chunks, how the chunks are indexed, and how a question finds them again.

## Preparing documents

Documents arrive as Markdown, HTML, PDF or Word files. Each one is read into blocks with offsets into its own text.

### Cleaning

Running headers, footers and page numbers are removed before chunking, because they repeat on every page and carry no meaning.

- Remove running headers.
- Remove page numbers.
- Keep the headings and tables.

### Splitting

The structure chunker cuts at headings first and keeps every section with its heading.

## Indexing

Chunks are indexed with BM25 or with dense vectors from an embedding model.

| Index | Needs a model | Best for |
| --- | --- | --- |
| BM25 | no | exact terms and names |
| Dense | yes | paraphrased questions |
| Hybrid | yes | mixed workloads |

### Commands

Index a folder from the command line:

\`\`\`
npm run cli -- chunk --dataset docs
npm run cli -- eval --dataset docs
\`\`\`

## Evaluating

Every question has a gold span, and a hit means a returned chunk contains it.

${Array.from({ length: 14 }, (_, i) => `Measurement note ${i + 1}: a grid of runs compares chunkers on the same questions, and each run reports hit rates with intervals, so that differences smaller than the noise are not mistaken for progress.`).join('\n\n')}

### Reading the results

The results table sorts by any column and shows paired tests between two runs.
`;

function makeTagged(): { bytes: Uint8Array; expected: Expected } | null {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-fixture-'));
  try {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Retrieval Handbook</title>
<style>body{font-family:sans-serif;font-size:11pt;margin:0} table{border-collapse:collapse} th,td{border:1px solid #999;padding:3px 8px;text-align:left}</style>
</head><body>${marked.parse(TAGGED_MD, { async: false })}</body></html>`;
    writeFileSync(join(dir, 'in.html'), html);
    const out = join(dir, 'out.pdf');
    // With Chromium's own running header and footer (date, title, URL, "1/2"): artifacts, not content.
    execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', `--print-to-pdf=${out}`, join(dir, 'in.html')], { stdio: 'ignore' });
    const bytes = new Uint8Array(readFileSync(out));
    return {
      bytes,
      expected: {
        outline: [
          { level: 1, title: 'Retrieval Handbook' },
          { level: 2, title: 'Preparing documents' },
          { level: 3, title: 'Cleaning' },
          { level: 3, title: 'Splitting' },
          { level: 2, title: 'Indexing' },
          { level: 3, title: 'Commands' },
          { level: 2, title: 'Evaluating' },
          { level: 3, title: 'Reading the results' },
        ],
        tables: [
          {
            header: ['Index', 'Needs a model', 'Best for'],
            rows: [
              ['BM25', 'no', 'exact terms and names'],
              ['Dense', 'yes', 'paraphrased questions'],
              ['Hybrid', 'yes', 'mixed workloads'],
            ],
          },
        ],
        texts: TAGGED_MD.split('\n')
          .filter((l) => /^[A-Z-]/.test(l))
          .map((l) => l.replace(/^- /, '')),
        code: ['npm run cli -- chunk --dataset docs', 'npm run cli -- eval --dataset docs'],
      },
    };
  } catch (e) {
    console.warn(`tagged.pdf not written (Chromium failed: ${(e as Error).message.split('\n')[0]})`);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ policy.docx

const D_TABLE = {
  header: ['Chunker', 'Cuts at', 'Keeps'],
  rows: [
    ['fixed', 'token count', 'nothing'],
    ['sentences', 'sentence ends', 'whole sentences'],
    ['structure', 'headings', 'sections with headings'],
  ],
};

async function makeDocx(): Promise<{ bytes: Uint8Array; expected: Expected }> {
  const H = docx.HeadingLevel;
  const p = (text: string) => new docx.Paragraph({ children: [new docx.TextRun(text)] });
  const cell = (t: string, bold = false) => new docx.TableCell({ children: [new docx.Paragraph({ children: [new docx.TextRun({ text: t, bold })] })] });
  const doc = new docx.Document({
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: docx.LevelFormat.DECIMAL, text: '%1.', alignment: docx.AlignmentType.START }] }],
    },
    sections: [
      {
        children: [
          new docx.Paragraph({ text: 'Chunking Policy', heading: H.HEADING_1 }),
          new docx.Paragraph({
            children: [new docx.TextRun('This policy says how we cut documents. '), new docx.TextRun({ text: 'Bold words', bold: true }), new docx.TextRun(' and '), new docx.TextRun({ text: 'italic words', italics: true }), new docx.TextRun(' read as plain text.')],
          }),
          new docx.Paragraph({ text: 'Choosing a chunker', heading: H.HEADING_2 }),
          p('Pick the chunker that matches the documents.'),
          new docx.Paragraph({ text: 'Manuals have headings.', bullet: { level: 0 } }),
          new docx.Paragraph({ text: 'Use the structure chunker for them.', bullet: { level: 1 } }),
          new docx.Paragraph({ text: 'Chat logs have none.', bullet: { level: 0 } }),
          new docx.Paragraph({ text: 'Comparing chunkers', heading: H.HEADING_3 }),
          new docx.Table({
            rows: [
              new docx.TableRow({ tableHeader: true, children: D_TABLE.header.map((h) => cell(h, true)) }),
              ...D_TABLE.rows.map((r) => new docx.TableRow({ children: r.map((c) => cell(c)) })),
            ],
          }),
          new docx.Paragraph({ text: 'Running an experiment', heading: H.HEADING_2 }),
          new docx.Paragraph({ text: 'Load the corpus.', numbering: { reference: 'steps', level: 0 } }),
          new docx.Paragraph({ text: 'Run the grid.', numbering: { reference: 'steps', level: 0 } }),
          p('Read the results table last.'),
        ],
      },
    ],
  });
  const bytes = new Uint8Array(await docx.Packer.toBuffer(doc));
  return {
    bytes,
    expected: {
      outline: [
        { level: 1, title: 'Chunking Policy' },
        { level: 2, title: 'Choosing a chunker' },
        { level: 3, title: 'Comparing chunkers' },
        { level: 2, title: 'Running an experiment' },
      ],
      tables: [D_TABLE],
      texts: [
        'This policy says how we cut documents. Bold words and italic words read as plain text.',
        'Pick the chunker that matches the documents.',
        'Manuals have headings.',
        'Use the structure chunker for them.',
        'Chat logs have none.',
        'Load the corpus.',
        'Run the grid.',
        'Read the results table last.',
      ],
    },
  };
}

// ------------------------------------------------------------------ write everything

function save(name: string, bytes: Uint8Array, expected?: Expected): void {
  writeFileSync(join(OUT, name), bytes);
  if (expected) writeFileSync(join(OUT, name.replace(/\.\w+$/, '.expected.json')), `${JSON.stringify(expected, null, 2)}\n`);
  console.log(`${name}: ${bytes.length} bytes`);
}

const manual = await makeManual();
save('manual.pdf', manual.bytes, manual.expected);
const bm = await makeBookmarks();
save('bookmarks.pdf', bm.bytes, bm.expected);
save('scanned.pdf', await makeScanned());
save('encrypted.pdf', await makeEncrypted());
save('truncated.pdf', manual.bytes.slice(0, Math.floor(manual.bytes.length * 0.55)));
const tagged = makeTagged();
if (tagged) save('tagged.pdf', tagged.bytes, tagged.expected);
const word = await makeDocx();
save('policy.docx', word.bytes, word.expected);
