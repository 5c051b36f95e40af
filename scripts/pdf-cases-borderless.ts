// Generated PDFs (pdf-lib, untagged) where text lines up like a table but is none, beside tables
// that are: a sentence with subscripts set on their own baseline (a paper's "c_A and c_B"); labels
// of a figure in rows and columns, captioned "Figure 1", and the same grid captioned "Table 1";
// two columns of prose with a narrow gutter, read row by row; a borderless table whose section
// labels ("Actual", "Projected") stand alone in the first column between its rows.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const SUBSCRIPTS = {
  before: 'Each pair of basic clusters is compared on the entities they share, where',
  // Drawn: "c" sub "A" "and c" sub "B" ", respectively, are the two clusters under study"
  after: 'and the mappings between them are scored by how many patterns they have in common.',
};

/** A paragraph whose third line holds two subscripts drawn 0.4 em below its baseline. */
export async function subscriptProse(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const i = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const page = pdf.addPage([612, 792]);
  page.drawText(SUBSCRIPTS.before, { x: 72, y: 700, size: 10, font: f });
  const y = 686;
  page.drawText('c', { x: 72, y, size: 10, font: i });
  page.drawText('A', { x: 77, y: y - 4, size: 7, font: i });
  // Justified spacing: a gap over one em before "and", as a typesetter stretches a short line.
  const x1 = 72 + 5 + f.widthOfTextAtSize('A', 7) + 11;
  page.drawText('and c', { x: x1, y, size: 10, font: f });
  const x2 = x1 + f.widthOfTextAtSize('and c', 10);
  page.drawText('B', { x: x2, y: y - 4, size: 7, font: i });
  page.drawText(', respectively, are the two clusters under study', { x: x2 + f.widthOfTextAtSize('B', 7) + 1, y, size: 10, font: f });
  page.drawText(SUBSCRIPTS.after, { x: 72, y: 672, size: 10, font: f });
  return pdf.save();
}

export const FIGURE_LABELS = {
  rows: [
    ['article A', 'Katrina', 'New Orleans'],
    ['pattern', 'headed', 'was-hit'],
    ['pattern', 'threatened', 'evacuated'],
  ],
};

/** A table of figures that a paper captions "Figure n" (as many do). */
export const FIGURE_TABLE = {
  rows: [
    ['Benchmark', 'Loops', 'Trees', 'Speedup'],
    ['3d-cube', '25', '27', '2.20x'],
    ['3d-morph', '5', '8', '2.86x'],
    ['crypto-aes', '50', '72', '1.18x'],
  ],
};

/**
 * A grid of labels in boxes, then a caption: "Figure 1: …" (figure) or "Table 1: …" (table); with
 * `rows`, that grid (no boxes) under a "Figure 1" caption.
 */
export async function captionedGrid(caption: 'Figure' | 'Table', rows: string[][] = FIGURE_LABELS.rows): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('The entities of both articles are linked through their basic patterns.', { x: 72, y: 720, size: 10, font: f });
  const boxes = caption === 'Figure' && rows === FIGURE_LABELS.rows;
  rows.forEach((row, r) =>
    row.forEach((t, c) => {
      const x = 90 + c * 110;
      const y = 680 - r * 22;
      if (boxes) page.drawRectangle({ x: x - 4, y: y - 5, width: f.widthOfTextAtSize(t, 9) + 8, height: 15, borderWidth: 0.5 });
      page.drawText(t, { x, y, size: 9, font: f });
    }),
  );
  page.drawText(`${caption} 1: Obtaining basic patterns from two articles.`, { x: 150, y: 600, size: 10, font: f });
  page.drawText('The patterns found this way are then compared across all clusters of the corpus.', { x: 72, y: 570, size: 10, font: f });
  return pdf.save();
}

export const PROSE_COLUMNS = {
  left: [
    'Every day a large number of news',
    'articles are created and reported, and',
    'many of them are unique. But certain',
    'types of events are reported again and',
    'again throughout a year by the papers.',
  ],
  right: [
    'The goal of extraction is to retrieve',
    'a certain type of event from the past',
    'articles and to present these events',
    'as a table whose columns are filled',
    'with the names of people or places.',
  ],
};

/** Two columns of prose, 22 pt apart, drawn line by line across the gutter; nothing else on the page. */
export async function proseColumns(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  PROSE_COLUMNS.left.forEach((l, k) => {
    page.drawText(l, { x: 72, y: 700 - k * 12, size: 10, font: f });
    page.drawText(PROSE_COLUMNS.right[k], { x: 72 + 190 + 22, y: 700 - k * 12, size: 10, font: f });
  });
  return pdf.save();
}

export const SECTIONED = {
  header: ['Year', 'Total', 'Public', 'Private'],
  /** Group labels on a line of their own: one over Total, one centred over Public and Private. */
  groups: ['Schools', 'By control'],
  /** The header as one row: each group label joins the column nearest its centre. */
  merged: ['Year', 'Schools Total', 'Public', 'By control Private'],
  sections: [
    { label: 'Actual', rows: [['2008', '54,973', '49,266', '5,707'], ['2009', '54,862', '49,373', '5,488'], ['2010', '54,876', '49,484', '5,391']] },
    { label: 'Projected', rows: [['2011', '54,956', '49,636', '5,320'], ['2012', '55,091', '49,828', '5,263']] },
  ],
};

/**
 * A borderless table of figures whose section labels stand alone in the first column between its
 * rows, under a two-line header (a group label over two columns, then the column labels).
 */
export async function sectionedTable(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText('Enrollment in schools, by control of school (thousands).', { x: 72, y: 730, size: 10, font: f });
  const xs = [72, 160, 240, 320];
  let y = 700;
  page.drawText(SECTIONED.groups[0], { x: xs[1], y: y + 12, size: 9, font: b });
  // Centred over Public (x 240) and Private (x 320 to its end), a little right of the middle.
  const w = b.widthOfTextAtSize(SECTIONED.groups[1], 9);
  page.drawText(SECTIONED.groups[1], { x: (240 + 320 + b.widthOfTextAtSize('Private', 9)) / 2 - w / 2 + 4, y: y + 12, size: 9, font: b });
  SECTIONED.header.forEach((h, c) => page.drawText(h, { x: xs[c], y, size: 9, font: b }));
  for (const s of SECTIONED.sections) {
    y -= 13;
    page.drawText(s.label, { x: xs[0], y, size: 9, font: f });
    for (const r of s.rows) {
      y -= 13;
      r.forEach((t, c) => page.drawText(t, { x: xs[c], y, size: 9, font: f }));
    }
  }
  page.drawText('Detail may not sum to totals because of rounding.', { x: 72, y: y - 30, size: 10, font: f });
  return pdf.save();
}
