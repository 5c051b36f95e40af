// Headings of untagged PDFs. From the outline (bookmarks) when it has one whose titles are found in
// the text, in order (level = depth in the outline); otherwise from font size and weight against the
// body text: lines set larger than the body, or bold at body size when the body is not bold, each
// distinct (size, bold) style a level, larger first.

import { endsInLeader, rowText } from '../lines/geometry.ts';
import { CJK_NUMERAL, HANGUL_ITEM, SCRIPT_LIST_MARKER } from '../lines/scripts.ts';
import type { PdfOutlineNode, Row } from '../types.ts';

export interface OutlineEntry {
  level: number;
  title: string;
}

export function flattenOutline(nodes: PdfOutlineNode[] | null, level = 1, out: OutlineEntry[] = []): OutlineEntry[] {
  for (const n of nodes ?? []) {
    if (typeof n?.title === 'string' && n.title.trim()) out.push({ level: Math.min(6, level), title: n.title });
    if (Array.isArray(n?.items)) flattenOutline(n.items, level + 1, out);
  }
  return out;
}

/**
 * Does a font's name say it is bold? "Bold", "Black", "Heavy", "Semibold", "Demi"; URW's "Medi"
 * (NimbusRomNo9L-Medi, the Times of LaTeX's times package) and "Medium"; TeX's bold extended
 * Computer Modern and EC/Latin Modern fonts (CMBX10, CMB10, SFBX1095, ECBX1200); Hiragino's W6-W9
 * weights (HiraKakuPro-W6); "-Bd" abbreviations (FrutigerLTStd-Bd). A subset prefix ("ABCDEF+") is
 * ignored.
 */
export function isBoldFontName(name: string): boolean {
  const n = name.replace(/^[A-Z]{6}\+/, '');
  return /bold|black|heavy|semibold|demi|medium|[-,_ ]medi(?:ital)?(?![a-z])|^(?:cmbx|cmb\d|sfbx|ecbx|lmbx)|[-,_ ]w[6-9](?![0-9])|[-,_ ]bd(?![a-z])/i.test(n);
}

export const compact = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A section label opening a title or a line: "2.1", "A.2", "IV.", "Appendix A", "Chapter 3". */
const LABEL = /^\s*(?:(?:appendix|annex|chapter|part|section|anexo|ap[êe]ndice|cap[íi]tulo|parte|se[çc][ãa]o)\s+(?:[A-Z]|[IVXLC]{1,6}|\d{1,3})(?:\.\d{1,3})*\.?:?|\d{1,3}(?:\.\d{1,3}){0,5}\.?|[A-Z](?:\.\d{1,3}){0,5}\.?|[IVXLC]{1,6}\.)\s+(?=\S)/iu;

/** The compact key of a title or line without its section label ("2.1 ASN.1 syntax" → "asn1syntax"). */
export const unlabelled = (s: string) => compact(s.replace(LABEL, ''));

/**
 * Rows that carry outline titles, with their levels. A title matches a line, or two or three
 * consecutive lines (a title wrapped), when their text is the same letters and digits; taken when at
 * least half the titles are found so. Otherwise a second try also matches lines that are the same
 * once a section label is taken off either side, since texinfo and Word outlines often leave out the
 * numbers the text prints ("ASN.1 syntax" for "2.1 ASN.1 syntax", "A Copying Information" for
 * "Appendix A Copying Information"); taken only when it finds at least 80% of the titles (a looser
 * match that finds fewer says the lines are not read as the outline expects: fonts do better).
 * Null when neither is taken.
 */
export function outlineHeadings(rows: Row[], outline: OutlineEntry[]): Map<Row, number> | null {
  return matchOutline(rows, outline, false, 0.5) ?? matchOutline(rows, outline, true, 0.8);
}

function matchOutline(rows: Row[], outline: OutlineEntry[], labels: boolean, enough: number): Map<Row, number> | null {
  if (!outline.length) return null;
  const texts = rows.map((r) => rowText(r).trim());
  const keys = texts.map(compact);
  const found = new Map<Row, number>();
  let cursor = 0;
  let hits = 0;
  const same = (text: string, key: string, title: string, want: string): boolean => {
    if (key === want) return true;
    if (!labels) return false;
    const a = unlabelled(text);
    const b = unlabelled(title);
    return a.length >= 3 && (a === b || a === want || key === b);
  };
  const tryAt = (i: number, title: string, want: string, level: number): boolean => {
    if (found.has(rows[i]) || !keys[i]) return false;
    let text = '';
    let key = '';
    for (let k = 0; k < 3 && i + k < rows.length; k++) {
      if (k > 0 && (found.has(rows[i + k]) || rows[i + k].page !== rows[i].page)) return false;
      text = k ? `${text} ${texts[i + k]}` : texts[i];
      key += keys[i + k];
      if (same(text, key, title, want)) {
        for (let j = 0; j <= k; j++) found.set(rows[i + j], level);
        return true;
      }
      // Longer than the title already: no further line can make it match.
      if (key.length > want.length + 24) return false;
    }
    return false;
  };
  for (const e of outline) {
    const want = compact(e.title);
    if (!want) continue;
    let at = -1;
    for (let i = cursor; i < rows.length && at < 0; i++) if (tryAt(i, e.title, want, e.level)) at = i;
    for (let i = 0; i < cursor && at < 0; i++) if (tryAt(i, e.title, want, e.level)) at = i;
    if (at >= 0) {
      hits++;
      cursor = at + 1;
    }
  }
  return hits >= enough * outline.length ? found : null;
}

const round = (x: number) => Math.round(x * 2) / 2;

/** The body text size: the size carrying the most characters. */
export function bodyStyle(rows: Row[]): { size: number; bold: boolean } {
  const bySize = new Map<number, number>();
  let boldChars = 0;
  let chars = 0;
  for (const r of rows)
    for (const f of r.frags) bySize.set(round(f.size), (bySize.get(round(f.size)) ?? 0) + f.text.length);
  let size = 0;
  let best = -1;
  for (const [s, n] of bySize)
    if (n > best) {
      best = n;
      size = s;
    }
  for (const r of rows)
    for (const f of r.frags)
      if (round(f.size) === size && !f.mono) {
        chars += f.text.length;
        if (f.bold) boldChars += f.text.length;
      }
  return { size, bold: chars > 0 && boldChars / chars > 0.5 };
}

/**
 * Bullet characters written as "-" (Korean bullets such as "ㅇ" and "◎" are list markers through
 * SCRIPT_LIST_MARKER and keep their own character).
 */
export const BULLET_CHARS = '•◦▪▫●○■□‣⁃∙·*–\\-';
const MARKER = new RegExp(`^(?:[${BULLET_CHARS}]\\s|\\(?(?:\\d{1,3}|[a-zA-Z])[.)]\\s|${SCRIPT_LIST_MARKER})`, 'u');
const BULLET_ONLY = new RegExp(`^[${BULLET_CHARS}]\\s`, 'u');
/** Section numbers: 1, 1.2, 1.2.3 (with or without a final dot), (1), I., A. */
const SECTION_NUMBER = new RegExp(
  '^(?:' +
    // 1, 1.2, 1.2.3 (a final dot or not), (1), I., A., then a space.
    '(?:(\\d{1,2}(?:\\.\\d{1,2}){0,5})\\.?|\\((\\d{1,2})\\)|([IVXLC]{1,6})\\.|([A-H])\\.)\\s+' +
    // Korean, Japanese and Chinese: Ⅰ. (U+2160…), 가. (가)  ①, 第1章, 一、 （一）, a space or not.
    `|(?:([Ⅰ-Ⅻ])\\.?|([${HANGUL_ITEM}])\\.|\\(([${HANGUL_ITEM}])\\)|([①-⑳])|(第[0-9０-９${CJK_NUMERAL}百]+[章節条編部])|([${CJK_NUMERAL}]+)、|（([${CJK_NUMERAL}0-9０-９]+)）)\\s*` +
    // A letter after the number, or figures run into a CJK or Hangul word ("가. 1단계 기반 조성").
    ')(?=\\p{L}|\\p{N}{1,4}\\p{Lo})',
  'u',
);

/** A section number alone in its fragment, set apart from its title ("1   Introduction"). */
const NUMBER_APART = new RegExp(`^(?:\\d{1,2}(?:\\.\\d{1,2}){0,5}\\.?|[IVXLC]{1,6}\\.?|[A-H]\\.|[Ⅰ-Ⅻ]\\.?|[${HANGUL_ITEM}]\\.|[①-⑳])$`, 'u');

/**
 * The kind of a section number, for documents that nest kinds rather than dotted numbers
 * (Ⅰ. > 1. > 가. > (1) > ①, as Korean reports do): 'decimal', 'paren', 'roman', 'letter', 'hangul',
 * 'hangul-paren', 'circled', 'cjk-chapter', 'cjk', 'cjk-paren'; null when unnumbered.
 */
export function numberingKind(t: string): string | null {
  const m = SECTION_NUMBER.exec(t);
  if (!m) return null;
  const kinds = ['decimal', 'paren', 'roman', 'letter', 'roman', 'hangul', 'hangul-paren', 'circled', 'cjk-chapter', 'cjk', 'cjk-paren'];
  for (let k = 1; k <= kinds.length; k++) if (m[k]) return kinds[k - 1];
  return null;
}
const MONTH = /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\b\d{1,2}\s+(?:de\s+)?\p{L}{3,9}\.?\s+(?:de\s+)?\d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|^(?:january|february|march|april|may|june|july|august|september|october|november|december|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\s+(?:de\s+)?\d{4}$/iu;
const AFFILIATION = /@|\b(?:university|universidade|universidad|université|institute|instituto|department|departamento|laborator(?:y|ies|io)|college|faculty|faculdade|inc\.|corp\.|ltd\.|gmbh)\b/i;
/** Code and query syntax: never a heading, however it is set. */
const CODE_LIKE = /[{};=<>]|^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|FROM|WHERE|GRANT|EXEC|CALL)\b|\b(?:FROM|WHERE|VALUES|INTO|TABLE)\s+\S/;

/**
 * A code identifier or signature: a word joined by underscores ("asn1_create_element"), a line that
 * is one camelCase name, a name of three dotted parts or joined by "::" or "->" ("readValue",
 * "os.path.join", "std::vector"; "PDF.js" and "Node.js" stay titles), or a
 * call with C-like types in its parentheses ("read (const char *name"). Never a heading unless
 * numbered ("2.3 The max_tokens setting" is a section).
 */
const IDENTIFIER = /\p{L}[\p{L}\p{N}]*_[\p{L}\p{N}]|^[\p{Ll}_$][\p{L}\p{N}_$]*\p{Lu}[\p{L}\p{N}_$]*(?:\(\))?$|^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:::|->)[\p{L}_$][\p{L}\p{N}_$]*)+(?:\(\))?$|^[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*){2,}(?:\(\))?$|\w\s*\(\s*(?:const\s+|unsigned\s+|struct\s+)*(?:int|char|void|float|double|bool|long|short|size_t|string|self|[A-Za-z]\w*_t)\b|\w\(\)$/u;

/** A caption: "Figure 1 – …", "Table 2: …", "Fig. 3.", "Tabela 1 -", "그림 1.", "表1". Never a heading. */
const CAPTION = /^(?:fig(?:ure|\.)?|figura|abbildung|abb\.|table|tabela|tabla|tableau|tabelle|tab\.|chart|graph|gráfico|exhibit|illustration|listing|quadro|plate|그림|표|図|表)\s*\d{1,3}(?:[.-]\d{1,3})*\s*(?:[-–—:.|]|$)/iu;

/** A table of contents' line: dot leaders (". . . ." or "....") before a page number. */
const TOC_LINE = /(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlc]{1,6})$/i;

/** Depth of a section number ("2" → 1, "2.3.1" → 3, "(1)" → 1, "IV." → 1), 0 when there is none. */
export function numberingDepth(t: string): number {
  const m = SECTION_NUMBER.exec(t);
  if (!m) return 0;
  if (m[1]) return m[1].split('.').length;
  return 1;
}

/** Reads as a byline, a date or an affiliation rather than a title. */
export const isByline = (t: string) => AFFILIATION.test(t) || MONTH.test(t) || (t.match(/,/g)?.length ?? 0) >= 2 || /\d\s*,\s*\d/.test(t);

/**
 * Heading rows by font size, weight and section numbering, with their levels. Evidence: set larger
 * than the body; bold at body size when the body is not bold; a section number ("2.3 Scope") on a
 * short line standing apart. Never: a line continuing a paragraph (the line above, at the same size
 * and close, does not end a sentence), a byline, date or affiliation, code or query syntax, a
 * bulleted line, a line ending like a sentence. Levels: each (size, bold) style a level, larger
 * first; numbered headings take their numbering depth (below a larger unnumbered title, if any).
 */
export function fontHeadings(rows: Row[]): Map<Row, number> {
  const body = bodyStyle(rows);
  const textOf = (r: Row) => rowText(r).trim();
  const styleOf = (r: Row, i: number): { key: string; size: number; bold: boolean; depth: number } | null => {
    // One fragment, or a section number set apart from its title ("1   Introduction").
    if (r.frags.length > 2) return null;
    if (r.frags.length === 2 && !NUMBER_APART.test(r.frags[0].text)) return null;
    const f = r.frags[r.frags.length - 1];
    const t = textOf(r);
    if (f.mono || !/\p{L}{2}/u.test(t) || t.length > 150 || BULLET_ONLY.test(t)) return null;
    if (CODE_LIKE.test(t) || isByline(t) || TOC_LINE.test(t) || CAPTION.test(t)) return null;
    const depth = numberingDepth(t);
    if (!depth && MARKER.test(t)) return null; // "a) item", "3) item": a list
    if (!depth && IDENTIFIER.test(t)) return null;
    const words = t.split(/\s+/).length;
    const sentence = /[.,;:!?]$/.test(t) && !/^\S+\.$/.test(t);
    const prev = rows[i - 1];
    const next = rows[i + 1];
    const big = f.size >= body.size * 1.12;
    // A title set larger than the body and broken after a comma, colon or semicolon ("Overview of the
    // Model: Origins," over "Developments and Future Directions") goes on in the next line, as large
    // and close below: its first line is part of the heading, not a sentence.
    const titleGoesOn = big && !!next && next.page === r.page && !next.jump && Math.abs(next.size - r.size) < 0.6 && r.y - next.y > 0 && r.y - next.y <= 1.6 * r.size && /[,;:]$/.test(t);
    if (sentence && words > 3 && !titleGoesOn) return null;
    // A line inside a paragraph: the line above is close, as large, and does not end a sentence
    // (a label with a dot leader and its figures is no sentence in progress).
    if (!big && prev && prev.page === r.page && !prev.jump && Math.abs(prev.size - r.size) < 0.6 && prev.y - r.y > 0 && prev.y - r.y <= 1.5 * r.size && !/[.!?:;]$/.test(textOf(prev)) && !(f.bold && prev.frags.every((x) => x.bold)) && !prev.frags.some((x) => endsInLeader(x.text))) return null;
    // Bold at body size, or a little smaller when in capitals ("INTRODUCTION" in 11 pt bold over a
    // 12 pt body).
    const caps = /\p{Lu}{4}/u.test(t) && !/\p{Ll}/u.test(t);
    // A bold opening followed by words of another weight on the line is a run-in, not a bold line.
    // So is a line where bold words stand among others ("σ heißt **Möbiustransformation**."): a
    // bold line has nearly all its letters in bold.
    const mixed = (!!f.boldLead && /\p{L}{2}/u.test(f.text.slice(f.boldLead))) || (f.boldShare ?? 1) < 0.9;
    const boldish = !body.bold && f.bold && !mixed && f.size >= (caps ? 0.85 * body.size : body.size - 0.5) && words <= 12;
    // A numbered line at body weight: "2.3 Scope" standing alone, short, starting with a capital.
    let apart = !next || next.page !== r.page || next.jump || r.y - next.y > 1.5 * r.size || next.size !== r.size;
    // Or set off above (a gap over 1.5 lines) and much shorter than the line below, which starts at
    // the same x: a section title over its paragraph's first, full line (LaTeX's \subsection at body
    // size and weight, tight above its text).
    if (!apart && next && (!prev || prev.page !== r.page || prev.jump || prev.y - r.y > 1.5 * r.size)) {
      const x0 = r.frags[0].x0;
      const nx0 = next.frags[0].x0;
      const nx1 = next.frags[next.frags.length - 1].x1;
      apart = Math.abs(nx0 - x0) < r.size && f.x1 - x0 < 0.6 * (nx1 - nx0);
    }
    // The opening of a paragraph: the line fills the measure, and the next line, close and as large,
    // is set in another weight and carries on the sentence ("2. Reverse engineering (section
    // 1201(f)). This exception permits" over "circumvention, and the…"): a bold run-in opener, not a
    // heading (which stops short of the margin).
    if (next && next.page === r.page && !next.jump && r.y - next.y > 0 && r.y - next.y <= 1.5 * r.size && Math.abs(next.size - r.size) < 0.6 && !/[.!?:;]$/.test(t) && /^[\p{Ll}(]/u.test(textOf(next)) && next.frags.some((x) => x.bold !== f.bold) && f.x1 >= next.frags[next.frags.length - 1].x1 - 2 * r.size) return null;
    // A label set apart at body size that introduces what follows ("Proof:", "Adjustments and
    // Preferences:", "Proof: (of Lemma 2)") is no section heading.
    if (!big && !depth && (/:$/.test(t) || /^\p{L}+:\s*\(.*\)$/u.test(t))) return null;
    // Nor is a line at body size opening in lower case: it carries on a sentence.
    if (!big && !depth && /^\p{Ll}/u.test(t)) return null;
    const numbered = depth > 0 && words <= 10 && apart && /^\S+\s*[\p{Lu}\p{Lo}]/u.test(t) && (depth >= 2 || /^\d{1,2}\s/.test(t) || /^[IVXLC]+\.\s/.test(t) || /^(?:[Ⅰ-Ⅻ]|第)/u.test(t));
    if (!big && !boldish && !numbered) return null;
    return { key: `${round(f.size)}|${f.bold ? 1 : 0}`, size: round(f.size), bold: f.bold, depth };
  };
  const styles = new Map<string, { size: number; bold: boolean }>();
  const found: [Row, ReturnType<typeof styleOf> & object][] = [];
  rows.forEach((r, i) => {
    const s = styleOf(r, i);
    if (!s) return;
    found.push([r, s]);
  });
  dropBylines(rows, found, body.size, textOf);
  dropEnvironmentLabels(found, body.size, textOf);
  for (const [, s] of found) styles.set(s.key, { size: s.size, bold: s.bold });
  const order = [...styles.entries()].sort((a, b) => b[1].size - a[1].size || Number(b[1].bold) - Number(a[1].bold)).map((e) => e[0]);
  const numberedSizes = found.filter(([, s]) => s.depth > 0).map(([, s]) => s.size);
  const maxNumbered = numberedSizes.length ? Math.max(...numberedSizes) : Infinity;
  // A title above numbered sections: an unnumbered heading set larger than every numbered one.
  const offset = found.some(([, s]) => s.depth === 0 && s.size > maxNumbered) ? 1 : 0;
  // Korean, Japanese and Chinese documents nest kinds of numbers (Ⅰ. > 1. > 가. > (1) > ①): there a
  // kind's rank, in the order the kinds first appear, is its depth (a dotted number adds its own).
  const kinds: string[] = [];
  let eastern = false;
  for (const [r] of found) {
    const t = textOf(r);
    const k = numberingKind(t);
    if (!k) continue;
    if (!kinds.includes(k)) kinds.push(k);
    if (/^(?:hangul|circled|cjk)/.test(k) || /^[Ⅰ-Ⅻ]/u.test(t)) eastern = true;
  }
  const depthOf = (r: Row, depth: number) => {
    if (!eastern || kinds.length < 2) return depth;
    const k = numberingKind(textOf(r));
    return k ? kinds.indexOf(k) + 1 + (k === 'decimal' ? depth - 1 : 0) : depth;
  };
  const out = new Map<Row, number>();
  for (const [r, s] of found) out.set(r, Math.min(6, s.depth > 0 && numberedSizes.length >= 2 ? depthOf(r, s.depth) + offset : order.indexOf(s.key) + 1));
  return out;
}

/**
 * Drops the lines under a document's title that are no headings however they are set: authors,
 * their affiliations, a date (the title page's front matter). The title is the first heading found
 * (with the lines that continue it at its level); until the first paragraph of body text on its
 * page, an unnumbered heading candidate stays one only when body text follows it ("Abstract" over
 * its paragraph); one followed by another short line (the next author, an address, an e-mail) is a
 * byline. Numbered headings ("1 Introduction") always stay.
 */
/** "Definition 3", "Satz 1.2 (Heine-Borel)", "Example (Topologies)", "Part a)": a label word with a number or a note. */
const ENV_LABEL = /^(\p{Lu}\p{L}+)(?:\s+(\d{1,3}(?:\.\d{1,3})*\.?|[a-z]\)))?(?:\s*\(.*\))?[.:]?$/u;

/**
 * Drops numbered environments' labels set like headings at body size: theorem, definition, example,
 * figure heads ("Definition 1", "Beispiel 2 (Topologien)", "Figure 3."), recognised as a label word
 * that starts at least three candidates with different numbers, and words numbered on its counter
 * (LaTeX's environments sharing one: "Example 3" between "Definition 2" and "Definition 4"). Those words' unnumbered forms
 * with a note ("Satz (Zwischenwertsatz)") go too. Lines set larger ("Chapter 2") stay.
 */
function dropEnvironmentLabels(found: [Row, { size: number; depth: number }][], bodySize: number, textOf: (r: Row) => string): void {
  const numbers = new Map<string, Set<string>>();
  const small = (size: number) => size < bodySize * 1.12;
  for (const [r, s] of found) {
    const m = ENV_LABEL.exec(textOf(r));
    if (m?.[2] && small(s.size)) (numbers.get(m[1]) ?? numbers.set(m[1], new Set()).get(m[1])!).add(m[2]);
  }
  const labels = new Set([...numbers].filter(([, n]) => n.size >= 3).map(([w]) => w));
  if (!labels.size) return;
  // Words numbered on a label's counter ("Example 3" between "Definition 2" and "Definition 4"):
  // their numbers fall inside its range without taking one of its numbers.
  const ints = (n: Set<string>) => [...n].map((x) => Number(x.replace(/\.$/, ''))).filter(Number.isInteger);
  for (const [w, n] of numbers) {
    if (labels.has(w)) continue;
    const mine = ints(n);
    if (!mine.length || mine.length < n.size) continue;
    for (const l of [...labels]) {
      const theirs = ints(numbers.get(l)!);
      if (theirs.length && mine.every((x) => !theirs.includes(x) && x > Math.min(...theirs) && x < Math.max(...theirs) + 2)) labels.add(w);
    }
  }
  for (let k = found.length - 1; k >= 0; k--) {
    const m = ENV_LABEL.exec(textOf(found[k][0]));
    if (m && labels.has(m[1]) && small(found[k][1].size) && (m[2] || /\(/.test(textOf(found[k][0])))) found.splice(k, 1);
  }
}

const PART = /^(?:chapter|part|section|appendix|annex|cap[íi]tulo|parte|se[çc][ãa]o|anexo|ap[êe]ndice)\b/i;

function dropBylines(rows: Row[], found: [Row, { key: string; depth: number }][], bodySize: number, textOf: (r: Row) => string): void {
  if (found.length < 2) return;
  const index = new Map(rows.map((r, i) => [r, i]));
  // Each found row's style, by row (looked up per row, not searched for in `found`: a page of many
  // heading-styled lines would cost their square).
  const isFound = new Map(found.map(([r, f]) => [r, f]));
  const first = found[0][0];
  let i = index.get(first)!;
  // The title's continuation lines: the next rows found with the same style.
  while (i + 1 < rows.length && rows[i + 1].page === first.page && isFound.get(rows[i + 1])?.key === found[0][1].key) i++;
  // Body text: a long line at body size ending a sentence, or one that runs on to a close line of
  // its size starting at the paragraph's left edge (the first line may be indented; centred or
  // right-aligned lines of a title page start at different places).
  const bodyLine = (k: number): boolean => {
    const r = rows[k];
    if (!r || isFound.has(r) || Math.abs(r.size - bodySize) > 0.6) return false;
    const t = textOf(r);
    if (t.length >= 60 && /[.!?]$/.test(t)) return true;
    const n = rows[k + 1];
    if (!n || n.page !== r.page || n.jump || Math.abs(n.size - r.size) >= 0.6 || r.y - n.y <= 0 || r.y - n.y > 1.6 * r.size) return false;
    const x0 = r.frags[0].x0;
    const nx0 = n.frags[0].x0;
    return nx0 <= x0 + 1 && nx0 >= x0 - 4 * r.size && t.length + textOf(n).length >= 60;
  };
  const drop = new Set<Row>();
  for (let k = i + 1; k < rows.length && rows[k].page === first.page; k++) {
    const r = rows[k];
    if (bodyLine(k)) break;
    const entry = isFound.get(r);
    if (!entry || entry.depth > 0 || PART.test(textOf(r))) continue;
    if (!bodyLine(k + 1)) drop.add(r);
  }
  if (!drop.size) return;
  const kept = found.filter(([r]) => !drop.has(r));
  found.splice(0, found.length);
  for (const e of kept) found.push(e);
}

/** A run-in heading: the bold numbered opening of a paragraph's first line, split off as a heading. */
export interface RunIn {
  level: number;
  /** The heading's text (its final "." or ":" taken off). */
  title: string;
  /** The row's text after the heading (the paragraph's start). */
  rest: string;
}

/**
 * Run-in headings ("**1.2 Scope.** The rest of the paragraph…" on a body-size line), found only on
 * strong evidence: the row opens a paragraph (the line above ends a sentence, or is far, or another
 * size), is one fragment at body size in a body that is not bold, and opens in bold with a section
 * number and a short title ending in "." or ":" (at most 12 words), followed by text of another
 * weight. Bold words inside a sentence never qualify, nor unnumbered bold openings ("**Note.**"),
 * bylines or code. Levels: the numbering depth, shifted as the numbered headings already found are
 * (a title above "1 Introduction" makes depth 1 level 2).
 */
export function runInHeadings(rows: Row[], headingOf: Map<Row, number>): Map<Row, RunIn> {
  const out = new Map<Row, RunIn>();
  const body = bodyStyle(rows);
  if (body.bold) return out;
  let shift = 0;
  let numbered = false;
  let titled = false;
  for (const [r, level] of headingOf) {
    const d = numberingDepth(rowText(r).trim());
    if (d) {
      shift = numbered ? Math.max(shift, level - d) : level - d;
      numbered = true;
    } else if (level === 1) titled = true;
  }
  if (!numbered && titled) shift = 1;
  rows.forEach((r, i) => {
    if (headingOf.has(r) || r.frags.length !== 1) return;
    const f = r.frags[0];
    if (!f.boldLead || f.mono || Math.abs(f.size - body.size) > 0.6) return;
    const lead = f.text.slice(0, f.boldLead).trim();
    const rest = f.text.slice(f.boldLead).trim();
    const depth = numberingDepth(lead);
    if (!depth || !/[.:]$/.test(lead) || lead.split(/\s+/).length > 12 || lead.length > 120) return;
    if (!/\p{L}/u.test(rest) || CODE_LIKE.test(lead) || isByline(lead)) return;
    // The title itself: a number, then words ("1.2 Scope.", not "1.2." alone).
    const title = lead.replace(/[.:]$/, '').trim();
    if (!/\p{L}{2}/u.test(title.replace(SECTION_NUMBER, ''))) return;
    // It opens a paragraph: the line above, close and as large, ends a sentence (or is a heading).
    const prev = rows[i - 1];
    if (prev && prev.page === r.page && !prev.jump && !headingOf.has(prev) && Math.abs(prev.size - r.size) < 0.6 && prev.y - r.y > 0 && prev.y - r.y <= 1.5 * r.size && !/[.!?:;]$/.test(rowText(prev).trim())) return;
    out.set(r, { level: Math.max(1, Math.min(6, depth + shift)), title, rest });
  });
  return out;
}

export { MARKER as LIST_MARKER };

const NUMBER = /^\s*(?:(?:appendix|annex|anexo|ap[êe]ndice)\s+)?((?:\d{1,3}|[A-Z])(?:\.\d{1,3}){0,5})\.?\s+(?=\p{L})/u;

/**
 * Headings below the outline's depth: font headings (see fontHeadings) that the outline left out,
 * kept only when numbered under the outline heading above them ("2.1.3 Details" after the outline's
 * "2.1 Syntax" becomes one level below it, "2.1.3.1" two). Unnumbered font headings, and numbers that
 * do not continue the heading above ("5.2" under "2.1"), are dropped: with an outline to go by, a
 * bold or larger line that it does not list is more often a function name, a caption or a byline.
 */
export function belowOutline(rows: Row[], outlined: Map<Row, number>, fonts: Map<Row, number>): Map<Row, number> {
  const out = new Map(outlined);
  const styleKey = (r: Row) => {
    const f = r.frags[r.frags.length - 1];
    return `${Math.round(f.size * 2) / 2}|${f.bold ? 1 : 0}`;
  };
  // The level of each style the outlined headings are set in, when that style has one level only.
  const styleLevel = new Map<string, number>();
  const mixed = new Set<string>();
  for (const [r, l] of outlined) {
    const k = styleKey(r);
    if (styleLevel.has(k) && styleLevel.get(k) !== l) mixed.add(k);
    styleLevel.set(k, l);
  }
  for (const k of mixed) styleLevel.delete(k);
  const firstPage = rows.find((r) => outlined.has(r))?.page;
  let parent: { num: string; level: number } | null = null;
  let front = true;
  for (const r of rows) {
    const t = rowText(r);
    const m = NUMBER.exec(t);
    const level = outlined.get(r);
    if (level !== undefined) {
      parent = m ? { num: m[1], level } : null;
      front = false;
      continue;
    }
    // Front matter above the outline's first entry ("Abstract", "Contents"), which outlines often
    // leave out: a line fonts find to be a heading stays when it is set exactly like the outline's
    // headings of one level, on the page where the outline's first heading is (a title page's own
    // styles, a byline, a title page before the text stay text).
    if (front && fonts.has(r) && r.page === firstPage) {
      const l = styleLevel.get(styleKey(r));
      if (l !== undefined) out.set(r, l);
      continue;
    }
    if (!parent || !m || !fonts.has(r) || !m[1].startsWith(`${parent.num}.`)) continue;
    const extra = m[1].split('.').length - parent.num.split('.').length;
    if (extra >= 1) out.set(r, Math.min(6, parent.level + extra));
  }
  return out;
}
