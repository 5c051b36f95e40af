// Generated PDFs (pdf-lib, untagged) with dot leaders. An indicator sheet (like the Camelot example
// cam_missing_values): each label runs into a dot leader that leads to its figures in two columns
// of values; the label and its values are one line, the values are no second column of the page.
// And a two-column page whose left column opens with a table of contents (leaders to page numbers)
// beside prose in the right column: still read column by column.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const LEADER_SHEET = {
  title: 'District Health Indicators',
  rounds: ['Round 4 (2012-13)', 'Round 3 (2007-08)'],
  header: ['Indicators', 'TOTAL', 'RURAL', 'TOTAL', 'RURAL'],
  rows: [
    ['Any injury reported in the last year', '1.9', '2.1'],
    ['Acute illness reported in the last fortnight', '4.5', '5.6'],
    ['Chronic illness reported by the household', '5.1', '4.1'],
    ['Disease of the respiratory system', '11.7', '15.0'],
    ['Disease of the cardiovascular system', '8.9', '9.3'],
    ['Persons suffering from tuberculosis', '2.2', '1.5'],
    ['Children aged six to nine having anaemia', '67.1', '71.4'],
    ['Women aged fifteen to forty nine having anaemia', '45.2', '51.7'],
  ],
  sections: ['Reported prevalence of morbidity in the last year (%)', 'Reported prevalence of chronic illness by system (%)', 'Prevalence of tuberculosis and of anaemia by age (%)', 'Anaemia status by haemoglobin level among women (%)'],
  note: 'Figures are percentages of the population surveyed.',
};

/** The indicator sheet: label and leader in one text run, the two values set apart to its right. */
export async function leaderSheet(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText(LEADER_SHEET.title, { x: 60, y: 720, size: 16, font: b });
  // Two survey rounds, TOTAL and RURAL each; the older round's figures are missing (empty columns).
  page.drawText(LEADER_SHEET.rounds[0], { x: 440, y: 700, size: 8, font: f });
  page.drawText(LEADER_SHEET.rounds[1], { x: 510, y: 700, size: 8, font: f });
  page.drawText(LEADER_SHEET.header[0], { x: 60, y: 690, size: 8, font: f });
  LEADER_SHEET.header.slice(1).forEach((h, i) => page.drawText(h, { x: 440 + 35 * i, y: 690, size: 8, font: f }));
  let y = 676;
  for (const [i, [label, v1, v2]] of LEADER_SHEET.rows.entries()) {
    if (i % 2 === 0) {
      // A section line above every two indicators, in the labels' column only.
      page.drawText(LEADER_SHEET.sections[i / 2], { x: 60, y, size: 8, font: b });
      y -= 12;
    }
    let s = `${label} `;
    while (f.widthOfTextAtSize(`${s}.`, 8) < 350) s += '.';
    page.drawText(s, { x: 60, y, size: 8, font: f });
    page.drawText(v1, { x: 442, y, size: 8, font: f });
    page.drawText(v2, { x: 477, y, size: 8, font: f });
    y -= 12;
  }
  page.drawText(LEADER_SHEET.note, { x: 60, y: y - 12, size: 8, font: f });
  return pdf.save();
}

export const TOC_COLUMNS = {
  left: [
    ['1 Introduction', '1'],
    ['2 Document structures', '1'],
    ['2.1 Mathematics', '2'],
    ['2.2 Figures and tables', '2'],
    ['3 Citations', '3'],
  ],
  leftProse: [
    'This document shows a typical two column',
    'article with a short table of contents at',
    'the top of its first column and the body',
    'of the text following it down the page in',
    'lines of about the same length as these.',
  ],
  right: [
    'The right column carries on with the text',
    'of the article in lines set beside those of',
    'the left column, at the same heights, so a',
    'reader that joins the two columns line by',
    'line would mix the contents with the body',
    'and scramble both of them for any reader.',
    'Each column has to be read from its top to',
    'its bottom, the left one first and then the',
    'right one, whatever the leaders of the left',
    'column contents lines would suggest to it.',
  ],
};

/** Two columns: the left one a table of contents (leaders, page numbers) then prose, the right one prose. */
export async function tocColumns(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  let y = 700;
  for (const [title, n] of TOC_COLUMNS.left) {
    let s = `${title} `;
    while (f.widthOfTextAtSize(`${s} .`, 10) < 200) s += ' .';
    page.drawText(s, { x: 60, y, size: 10, font: f });
    page.drawText(n, { x: 280, y, size: 10, font: f });
    y -= 14;
  }
  for (const l of TOC_COLUMNS.leftProse) {
    page.drawText(l, { x: 60, y, size: 10, font: f });
    y -= 14;
  }
  y = 700;
  for (const l of TOC_COLUMNS.right) {
    page.drawText(l, { x: 320, y, size: 10, font: f });
    y -= 14;
  }
  return pdf.save();
}

/** The indicator sheet as a bench case (bench/pdf-quality.ts). */
export async function leaderCase() {
  const S = LEADER_SHEET;
  const body = S.rows.flatMap((row, i) => [...(i % 2 === 0 ? [S.sections[i / 2]] : []), row.join(' ')]);
  return { name: 'indicator sheet with dot leaders', bytes: await leaderSheet(), text: [S.title, ...S.rounds, ...S.header, ...body, S.note].join(' '), outline: [{ level: 1, title: S.title }, ...S.sections.map((title) => ({ level: 2, title }))], tables: [], running: [] };
}
