// Running headers, footers and page numbers, learned: each candidate row (the first and last three
// rows of a page, lines/layout.ts runningCandidates) gets a feature vector — where it sits on the
// page, how often the same line (digits and roman numerals aside) comes back at the same place, on
// pages of the same or the other parity, whether its letters are a heading's elsewhere (a chapter's
// title over its pages), page-number patterns, size and weight against the body, and the hand rules'
// own verdict — and a small model trained on the labelled corpus (bench/pdf-corpus/train.py --task
// running, shipped as running-model.json) says whether it goes. The same function feeds the training
// dump (bench/pdf-corpus/running.ts) and the reader, so the page, the CLI and the training see one thing.

import SHIPPED from './running-model.json' with { type: 'json' };
import { rowText } from '../lines/geometry.ts';
import { PAGE_NUMBER, runningCandidates, type PageRows, type RunningDecision } from '../lines/layout.ts';
import { bodyStyle } from '../lines/style.ts';
import { UNDECODABLE } from '../read/undecodable.ts';
import { BODY_BOLD_SHARE, RUNNING_LABEL_LETTERS, RUNNING_REPEAT_PAGES, RUNNING_TITLE_LETTERS } from '../thresholds.ts';
import type { HeadingModel, Row } from '../types.ts';
import { headingProbability } from './model.ts';

export const RUNNING_FEATURES = [
  'from_top', 'from_bottom', 'band_top', 'band_bottom', 'outermost', 'rep_same_place', 'rep_same_parity', 'rep_other_parity',
  'rep_anywhere', 'letters_rep', 'slot_share', 'heading_elsewhere', 'text_elsewhere', 'page_number', 'number_at_edge', 'numbers',
  'roman', 'size_ratio', 'larger', 'bold', 'log_chars', 'log_words', 'digit_share', 'gap_inward', 'gap_outward', 'centre_offset',
  'left_share', 'right_share', 'first_page', 'log_pages', 'hand_rules', 'may_run',
] as const;

/** Index of `may_run`: whether the candidate repeats enough to be a running line at all (see RUNNING_REPEAT_PAGES). */
const MAY_RUN = RUNNING_FEATURES.indexOf('may_run');

export const RUNNING_MODEL = SHIPPED as HeadingModel;

/** A standalone roman numeral (i … mmmcmxcix), as page numbers of front matter are set. */
const ROMAN = /(?<![\p{L}\p{N}])(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})(?![\p{L}\p{N}])/giu;
/**
 * A roman numeral as a page number stands first or last on its row ("xii Preface", "Preface xii"):
 * there it is replaced; inside the row it is a word or a label ("Station L 117 ok", "Part C").
 */
const ROMAN_AT_ENDS = new RegExp(`^\\P{L}*${ROMAN.source}|${ROMAN.source}\\P{L}*$`, 'giu');
/** Digits (of any script: "صفحة ٣") and a roman page number as "#", case and spaces folded: "xii Preface" and "iv Preface" are one line. */
const placeKey = (t: string) => t.toLowerCase().trim().replace(ROMAN_AT_ENDS, (m) => m.replace(ROMAN, '#')).replace(/\p{Nd}+/gu, '#').replace(/\s+/g, ' ').trim();
/** The letters alone: "Chapter title 12" and "13 Chapter title". */
const lettersKey = (t: string) => t.normalize('NFKC').toLowerCase().trim().replace(ROMAN_AT_ENDS, (m) => m.replace(ROMAN, '')).replace(/[^\p{L}]+/gu, '');
const clip = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

interface Cand {
  row: Row;
  page: number;
  parity: number;
  place: string;
  letters: string;
  /** 0 for the topmost row of its page, 1 for the next… and the same from the bottom. */
  fromTop: number;
  fromBottom: number;
  side: 'top' | 'bottom';
}

/** What every candidate is measured against: the pages, the body, where each key comes back. */
interface Scope {
  pages: PageRows[];
  cands: Cand[];
  body: { size: number; bold: boolean };
  pagesWithText: number;
  parityPages: [number, number];
  firstPage: number;
  left: number;
  right: number;
  /** Rows set larger or bolder than the body, by their letters. */
  headingLetters: Map<string, Row[]>;
  /** Every row, by its letters. */
  textLetters: Map<string, Row[]>;
}

const add = (m: Map<string, Row[]>, k: string, r: Row) => {
  if (k) (m.get(k) ?? m.set(k, []).get(k)!).push(r);
};

function scopeOf(pages: PageRows[]): Scope {
  const all = pages.flatMap((p) => p.rows);
  const body = bodyStyle(all);
  const cands: Cand[] = [];
  const headingLetters = new Map<string, Row[]>();
  const textLetters = new Map<string, Row[]>();
  let left = Infinity;
  let right = -Infinity;
  for (const p of pages) {
    const byHeight = [...p.rows].sort((a, b) => b.y - a.y);
    const rank = new Map(byHeight.map((r, k) => [r, k]));
    const cs = new Set(runningCandidates(p));
    for (const r of p.rows) {
      left = Math.min(left, r.frags[0].x0);
      right = Math.max(right, r.frags[r.frags.length - 1].x1);
      const t = rowText(r).trim();
      const lk = lettersKey(t);
      add(textLetters, lk, r);
      if (r.frags.some((f) => f.size > body.size + 0.5 || (f.bold && !body.bold))) add(headingLetters, lk, r);
      if (!cs.has(r)) continue;
      const k = rank.get(r)!;
      const fromBottom = byHeight.length - 1 - k;
      cands.push({ row: r, page: p.page, parity: p.page % 2, place: placeKey(t), letters: lk, fromTop: k, fromBottom, side: k <= fromBottom ? 'top' : 'bottom' });
    }
  }
  const withText = pages.filter((p) => p.rows.length);
  return {
    pages,
    cands,
    body,
    pagesWithText: Math.max(1, withText.length),
    parityPages: [withText.filter((p) => p.page % 2 === 0).length, withText.filter((p) => p.page % 2 === 1).length],
    firstPage: withText[0]?.page ?? 0,
    left: Number.isFinite(left) ? left : 0,
    right: Number.isFinite(right) ? right : 1,
    headingLetters,
    textLetters,
  };
}

/** Pages (other than the candidate's) where `same` holds for one of the candidates listed. */
function repeats(list: Cand[] | undefined, c: Cand, same: (o: Cand) => boolean): Set<number> {
  const pages = new Set<number>();
  for (const o of list ?? []) if (o.page !== c.page && same(o)) pages.add(o.page);
  return pages;
}

/** Candidates grouped by a key, so that each one's repeats are looked for among its own kind. */
function groupBy(cands: Cand[], key: (c: Cand) => string): Map<string, Cand[]> {
  const m = new Map<string, Cand[]>();
  for (const c of cands) (m.get(key(c)) ?? m.set(key(c), []).get(key(c))!).push(c);
  return m;
}

interface Groups {
  place: Map<string, Cand[]>;
  letters: Map<string, Cand[]>;
  slot: Map<string, Cand[]>;
}

const slotOf = (c: Cand) => (c.side === 'top' ? (c.fromTop === 0 ? 'top' : '') : c.fromBottom === 0 ? 'bottom' : '');

/** Pages where another row holds these letters (this page too: a chapter's title under its running head), as a share of the pages. */
const elsewhere = (m: Map<string, Row[]>, k: string, row: Row, n: number) => {
  const at = k.length >= 3 ? m.get(k) : undefined;
  return at ? new Set(at.filter((o) => o !== row).map((o) => o.page)).size / n : 0;
};

/**
 * The row is another row's heading (set larger or bolder) with a short label and numbers around it:
 * a running head that carries the chapter's title ("CHAPTER 1. REVIEW AND SCHEDULE" over a chapter
 * titled "Review and schedule").
 */
function carriesHeading(s: Scope, k: string, row: Row): boolean {
  if (k.length < RUNNING_TITLE_LETTERS) return false;
  for (const [h, rows] of s.headingLetters)
    if (h.length >= RUNNING_TITLE_LETTERS && h.length < k.length && k.length - h.length <= RUNNING_LABEL_LETTERS && k.includes(h) && rows.some((o) => o !== row)) return true;
  return false;
}

/** Whether most of a row's characters are bold. */
function boldRow(r: Row): boolean {
  let chars = 0;
  let bold = 0;
  for (const f of r.frags) {
    chars += f.text.length;
    bold += f.text.length * (f.boldShare ?? (f.bold ? 1 : 0));
  }
  return chars > 0 && bold / chars > BODY_BOLD_SHARE;
}

/**
 * Whether a candidate repeats enough to be a running line at all (`may_run`): at the same place on
 * `need` other pages (digits aside), by its letters, or in the page's outermost slot with its letters
 * found elsewhere (a running title that changes with the chapter); or it is the outermost row and
 * reads as a page number. Only rows in the same weight count as the same line or the same slot (a
 * book's title in bold on its first page is not the running head that repeats its words in regular type), and a row set
 * larger than the body must come back word for word, digits included, at the same place: "Chapter 2"
 * atop each chapter's first page is a heading (the hand rules' own fact). A larger row holding glyphs
 * with no text (XeLaTeX's Hebrew digits read as U+FFFF: "פרק \uFFFF" atop every chapter) cannot be
 * shown to come back word for word, digits included: it never may run.
 */
const unreadable = (t: string) => UNDECODABLE.test(t) || t.includes('\uFFFF');

function mayRunning(c: Cand, t: string, larger: boolean, need: number, echoed: boolean, g: Groups): boolean {
  const bold = boldRow(c.row);
  const same = (o: Cand) => boldRow(o.row) === bold;
  const near = (o: Cand) => Math.abs(o.row.y - c.row.y) <= 6;
  if (larger) return !unreadable(t) && repeats(g.place.get(c.place), c, (o) => near(o) && same(o) && rowText(o.row).trim() === t).size >= need;
  const place = c.place ? repeats(g.place.get(c.place), c, (o) => near(o) && same(o)).size : 0;
  const letters = c.letters.length >= 3 ? repeats(g.letters.get(c.letters), c, same).size : 0;
  const outermost = c.fromTop === 0 || c.fromBottom === 0;
  const slot = repeats(g.slot.get(c.side), c, (o) => Math.abs(o.row.y - c.row.y) <= 2 && same(o)).size;
  return place >= need || letters >= need || (outermost && PAGE_NUMBER.test(t)) || (slot >= need && echoed);
}

function candFeatures(s: Scope, g: Groups, c: Cand, byPage: Map<number, PageRows>, hand: Set<Row>): number[] {
  const r = c.row;
  const p = byPage.get(c.page)!;
  const t = rowText(r).trim();
  const h = Math.max(1, p.top - p.bottom);
  const n = Math.max(1, s.pagesWithText - 1);
  const place = c.place ? repeats(g.place.get(c.place), c, (o) => Math.abs(o.row.y - r.y) <= 6) : new Set<number>();
  const samePar = [...place].filter((pg) => pg % 2 === c.parity).length;
  const otherPar = place.size - samePar;
  const anywhere = c.place ? repeats(g.place.get(c.place), c, () => true).size : 0;
  const letters = c.letters.length >= 3 ? repeats(g.letters.get(c.letters), c, () => true).size : 0;
  const slot = repeats(g.slot.get(c.side), c, (o) => Math.abs(o.row.y - r.y) <= 2).size;
  let maxSize = 0;
  let chars = 0;
  let boldChars = 0;
  for (const f of r.frags) {
    maxSize = Math.max(maxSize, f.size);
    chars += f.text.length;
    boldChars += f.text.length * (f.boldShare ?? (f.bold ? 1 : 0));
  }
  // The nearest rows above and below on the page (inward and outward from the page's edge).
  let above = Infinity;
  let below = Infinity;
  for (const o of p.rows) {
    if (o === r) continue;
    if (o.y > r.y) above = Math.min(above, o.y - r.y);
    else below = Math.min(below, r.y - o.y);
  }
  const size = Math.max(1, r.size || maxSize);
  const inward = c.side === 'top' ? below : above;
  const outward = c.side === 'top' ? above : below;
  const x0 = r.frags[0].x0;
  const x1 = r.frags[r.frags.length - 1].x1;
  const width = Math.max(1, s.right - s.left);
  const alnum = t.replace(/[^\p{L}\p{N}]/gu, '');
  const digits = alnum.replace(/\D/g, '').length;
  const parityShare = (par: number, count: number) => count / Math.max(1, s.parityPages[par] - (par === c.parity ? 1 : 0));
  // Other pages it must come back on: two of them (RUNNING_REPEAT_PAGES), or every other page of a shorter document.
  const need = Math.min(RUNNING_REPEAT_PAGES - 1, n);
  const textElsewhere = elsewhere(s.textLetters, c.letters, r, n);
  const mayRun = mayRunning(c, t, r.frags.some((f) => f.size > s.body.size + 0.5 && !PAGE_NUMBER.test(f.text.trim())), need, textElsewhere > 0 || carriesHeading(s, c.letters, r), g);
  return [
    Math.min(c.fromTop, 6),
    Math.min(c.fromBottom, 6),
    clip((p.top - r.y) / h, 0, 1),
    clip((r.y - p.bottom) / h, 0, 1),
    c.fromTop === 0 || c.fromBottom === 0 ? 1 : 0,
    place.size / n,
    parityShare(c.parity, samePar),
    parityShare(1 - c.parity, otherPar),
    anywhere / n,
    letters / n,
    slot / n,
    elsewhere(s.headingLetters, c.letters, r, n),
    textElsewhere,
    PAGE_NUMBER.test(t) ? 1 : 0,
    /^(?:\d+|[ivxlcdm]+)\s|\s(?:\d+|[ivxlcdm]+)$/i.test(t) ? 1 : 0,
    Math.min((t.match(/\d+/g) ?? []).length, 4),
    (t.match(ROMAN) ?? []).length ? 1 : 0,
    maxSize / Math.max(1, s.body.size),
    r.frags.some((f) => f.size > s.body.size + 0.5) ? 1 : 0,
    chars ? boldChars / chars : 0,
    Math.log1p(t.length),
    Math.log1p(t.split(/\s+/).filter(Boolean).length),
    alnum.length ? digits / alnum.length : 0,
    Number.isFinite(inward) ? clip(inward / size, 0, 12) : 12,
    Number.isFinite(outward) ? clip(outward / size, 0, 12) : 12,
    Math.abs((x0 + x1) / 2 - (s.left + s.right) / 2) / width,
    clip((x0 - s.left) / width, 0, 1),
    clip((s.right - x1) / width, 0, 1),
    c.page === s.firstPage ? 1 : 0,
    Math.log1p(s.pagesWithText),
    hand.has(r) ? 1 : 0,
    mayRun ? 1 : 0,
  ];
}

/** The candidates of every page and their feature vectors (RUNNING_FEATURES order). */
export function runningFeatures(pages: PageRows[], hand: Set<Row>): { rows: Row[]; features: number[][] } {
  const s = scopeOf(pages);
  const byPage = new Map(pages.map((p) => [p.page, p]));
  const g: Groups = { place: groupBy(s.cands, (c) => c.place), letters: groupBy(s.cands, (c) => c.letters), slot: groupBy(s.cands, slotOf) };
  return { rows: s.cands.map((c) => c.row), features: s.cands.map((c) => candFeatures(s, g, c, byPage, hand)) };
}

/** Checks that a running-line model was trained on the features this reader computes, in order. */
export function checkRunningModel(m: HeadingModel): HeadingModel {
  if (m.features.length !== RUNNING_FEATURES.length || m.features.some((n, i) => n !== RUNNING_FEATURES[i]))
    throw new Error(`running-line model: trained on features [${m.features.join(', ')}], the reader computes [${RUNNING_FEATURES.join(', ')}]; retrain it (bench/pdf-corpus/train.py --task running)`);
  return m;
}

/**
 * The running-line decision by a model. Only a candidate that repeats across pages (or reads as a
 * page number: `may_run`) can go; it goes when the model's probability reaches its threshold or the
 * hand rules (lines/layout.ts handRunningRows) took it. A row inside a drawn table grid (a table
 * continued at the top of the next page) is the table's, whatever the model says: that is a fact of
 * the file, not a threshold.
 */
export function runningDecision(m: HeadingModel): RunningDecision {
  checkRunningModel(m);
  return (pages, hand) => {
    const { rows, features } = runningFeatures(pages, hand);
    const out = new Set<Row>();
    rows.forEach((r, i) => {
      if (!r.table && features[i][MAY_RUN] && (hand.has(r) || headingProbability(m, features[i]) >= m.threshold)) out.add(r);
    });
    return out;
  };
}
