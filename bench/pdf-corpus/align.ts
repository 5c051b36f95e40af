// Labels the reader's lines from the generated source: each line's words are found again among the
// source's elements (a paragraph, a list item, a heading, a table's cells, a caption, a note, a
// cover line), in order; lines at the top or bottom of a page whose letters are a running line's
// (digits ignored) are running lines. A line whose words match no element well enough stays
// 'unknown' and is left out of training and scoring.

export type Role = 'heading' | 'body' | 'list' | 'cell' | 'caption' | 'footnote' | 'running' | 'cover' | 'unknown';

export interface Element {
  role: Exclude<Role, 'unknown'>;
  text: string;
  level?: number;
  table?: boolean;
  side?: boolean;
  /** "Chapter" printed over a chapter's title: part of the heading, not a title of its own. */
  label?: boolean;
}

export interface Labels {
  producer: string;
  variant: string;
  lang: string;
  script: string;
  tagged: boolean;
  elements: Element[];
  running: string[];
  tables: { header: string[]; rows: string[][] }[];
}

export interface LineLabel {
  role: Role;
  level: number;
  element: number;
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Words, with Chinese and Japanese text cut into characters (they have no spaces). */
export function words(s: string): string[] {
  const out: string[] = [];
  for (const w of s.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (CJK_CHAR.test(w)) {
      let run = '';
      for (const ch of w) {
        if (CJK_CHAR.test(ch)) {
          if (run) out.push(run);
          run = '';
          out.push(ch);
        } else run += ch;
      }
      if (run) out.push(run);
    } else out.push(w);
  }
  return out;
}

const letters = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}]+/gu, '');
/** A section number opening a line ("2.1 ", "3 "): the sources keep it out of the heading's text. */
const LEADING_NUMBER = /^\s*(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVXLC]{1,5}\.)\s+/;

/** Table cells that are a number alone ("4594"): at a page's edge such a row is the table's, not a page number. */
const numberCells = (labels: Labels) => new Set(labels.tables.flatMap((t) => [t.header, ...t.rows].flat()).map((c) => c.trim()).filter((c) => /^\p{Nd}+$/u.test(c)));

/**
 * A page number alone: one number in any script ("- 3 -", "٣", "3/10"), or one or two glyphs the PDF gives no text for (XeLaTeX's
 * Hebrew page numbers read as U+FFFF), and not a number cell of one of the document's tables.
 */
function pageNumberOnly(text: string, cells: Set<string>): boolean {
  if (text.length > 12) return false;
  const t = text.replace(/[\s\p{P}]+/gu, '');
  if (undecodableNumber(text)) return true;
  if (!/^\p{Nd}+$/u.test(t)) return false;
  const nums = text.match(/\p{Nd}+/gu)!;
  // One number, or "n/m"; numbers side by side are a table's row.
  return nums.length === 1 ? !cells.has(nums[0]) : nums.length === 2 && /\p{Nd}\s*\/\s*\p{Nd}/u.test(text);
}

/** Figures set apart from the letters they touch: a right-to-left "صفحة 1 من 8" can come out as "8 من1صفحة". */
const apart = (s: string) => s.replace(/\p{Nd}+/gu, ' $& ');

/** One or two glyphs with no text behind them, alone on their row (XeLaTeX's Hebrew page numbers). */
export const undecodableNumber = (text: string) => /^[\s\p{P}]*[\uffff\ufffd]{1,2}[\s\p{P}]*$/u.test(text);

export interface AlignRow {
  text: string;
  page: number;
  /** The top or bottom line of its page (by height). */
  edge: boolean;
}

export function alignRows(rows: AlignRow[], labels: Labels): LineLabel[] {
  const els = labels.elements;
  const sets = els.map((e) => new Set(words(e.text)));
  const index = new Map<string, number[]>();
  sets.forEach((s, k) => {
    for (const w of s) (index.get(w) ?? index.set(w, []).get(w)!).push(k);
  });
  const runningKeys = new Set(labels.running.map(letters).filter(Boolean));
  const runningWords = new Set(labels.running.flatMap(words));
  const cells = numberCells(labels);
  const shortKeys = els.map((e) => (e.text.length <= 120 && !e.table ? letters(e.text.replace(LEADING_NUMBER, '')) : '\u0000'));
  let cursor = 0;
  return rows.map((r) => {
    const text = r.text.replace(LEADING_NUMBER, '');
    const key = letters(r.text);
    // Running lines: page numbers alone, or a running line's letters, at a page's edge.
    if (r.edge) {
      const ws = words(apart(r.text));
      if (!key && pageNumberOnly(r.text, cells)) return { role: 'running', level: 0, element: -1 };
      if (key && (runningKeys.has(key) || [...runningKeys].some((k) => k.length >= 6 && (key.includes(k) || (k.includes(key) && key.length >= 6))))) return { role: 'running', level: 0, element: -1 };
      if (ws.length && ws.every((w) => runningWords.has(w) || /^\d+$/.test(w) || /^[ivxlc]+$/.test(w))) return { role: 'running', level: 0, element: -1 };
    }
    const all = words(text);
    // Figures beside letters (a note mark, "Chapter 2", a page number run in) say nothing of where the line comes from.
    const figures = all.filter((w) => /^\d+$/.test(w)).length;
    const ws = figures && figures * 2 <= all.length ? all.filter((w) => !/^\d+$/.test(w)) : all;
    if (!ws.length) return { role: 'unknown', level: 0, element: -1 };
    // Candidates: elements holding the line's rarest word.
    const rare = [...ws].sort((a, b) => (index.get(a)?.length ?? 0) - (index.get(b)?.length ?? 0));
    const cands = new Set<number>();
    for (const w of rare.slice(0, 3)) for (const k of index.get(w) ?? []) cands.add(k);
    let best = -1;
    let bestScore = 0;
    let bestDist = Infinity;
    for (const k of cands) {
      const s = sets[k];
      let hit = 0;
      for (const w of ws) if (s.has(w)) hit++;
      const score = hit / ws.length;
      // Ties: the element nearest after the cursor (the text runs in order).
      const dist = k >= cursor ? k - cursor : 1000 + (cursor - k);
      if (score > bestScore + 1e-9 || (Math.abs(score - bestScore) < 1e-9 && dist < bestDist)) {
        best = k;
        bestScore = score;
        bestDist = dist;
      }
    }
    const need = ws.length <= 2 ? 1 : 0.75;
    if (best < 0 || bestScore < need) {
      // Words the reader cut apart ("السلا مة"): a short element whose letters are the line's.
      const k = key.length >= 4 ? shortKeys.findIndex((s, j) => s === key || (s.length <= key.length + 8 && s.includes(key) && key.length >= 0.6 * s.length) || (els[j].role === 'heading' && s.length <= 60 && key.length >= 5 && s.includes(key))) : -1;
      if (k < 0) return { role: 'unknown', level: 0, element: -1 };
      best = k;
    }
    const e = els[best];
    // A heading's line must be (nearly) the heading: not a body line sharing its words.
    if (e.role === 'heading' && letters(text).length < 0.5 * letters(e.text).length && ws.length < 2) return { role: 'unknown', level: 0, element: -1 };
    cursor = best;
    return { role: e.role, level: e.level ?? 0, element: best };
  });
}

/**
 * Running-line labels for the candidates of one page (rows of the page top to bottom, before any
 * running line went): from each edge inwards, a row is a running line while it reads as one — a page
 * number alone, a running line's letters, or only running words and numbers — and is not the
 * document's own content set apart (a heading's or the cover's letters: in a row set larger than the
 * body when it is the outermost, in any row inside it). The first row that is not
 * stops the run from that edge: a chapter title under the header is a heading, not a running line.
 */
export function runningLabels(rows: { text: string; larger: boolean }[], labels: Labels): boolean[] {
  const runningKeys = new Set(labels.running.map(letters).filter(Boolean));
  const runningWords = new Set(labels.running.flatMap(words));
  const cells = numberCells(labels);
  const contentKeys = new Set(labels.elements.filter((e) => e.role === 'heading' || e.role === 'cover').map((e) => letters(e.text.replace(LEADING_NUMBER, ''))).filter(Boolean));
  // The outermost row is the document's content when set larger than the body (a title); a row
  // inside it when it reads as a heading or a cover line at all (a heading at body size, in bold).
  const isRunning = (r: { text: string; larger: boolean }, outermost: boolean) => {
    const key = letters(r.text);
    const own = letters(r.text.replace(LEADING_NUMBER, ''));
    if ((r.larger || !outermost) && key && contentKeys.has(own)) return false;
    // A line of a title set large over two lines ("Reports and budget and" / "quality").
    if (r.larger && own.length >= 4 && [...contentKeys].some((k) => k.includes(own))) return false;
    if (!key) return pageNumberOnly(r.text, cells);
    if (runningKeys.has(key) || [...runningKeys].some((k) => k.length >= 6 && (key.includes(k) || (k.includes(key) && key.length >= 6)))) return true;
    // Only running words and numbers; not with marks that have no text (a table's row of undecodable figures).
    const ws = words(apart(r.text));
    return ws.length > 0 && !/[\uffff\ufffd]/.test(r.text) && ws.every((w) => runningWords.has(w) || /^\p{Nd}+$/u.test(w) || /^[ivxlcdm]+$/.test(w));
  };
  const out = rows.map(() => false);
  for (let i = 0; i < rows.length && i < 3 && isRunning(rows[i], i === 0); i++) out[i] = true;
  for (let i = rows.length - 1; i >= 0 && i >= rows.length - 3 && !out[i] && isRunning(rows[i], i === rows.length - 1); i--) out[i] = true;
  return out;
}
