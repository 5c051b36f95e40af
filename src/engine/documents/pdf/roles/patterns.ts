// The text patterns the roles stage reads lines by: section numbers and their kinds, list markers,
// bylines and dates, code, captions, table-of-contents lines. Facts of writing, not thresholds.

import { CJK_NUMERAL, HANGUL_ITEM, SCRIPT_LIST_MARKER } from '../lines/scripts.ts';

export const compact = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A section label opening a title or a line: "2.1", "A.2", "IV.", "Appendix A", "Chapter 3". */
const LABEL = /^\s*(?:(?:appendix|annex|chapter|part|section|anexo|ap[êe]ndice|cap[íi]tulo|parte|se[çc][ãa]o)\s+(?:[A-Z]|[IVXLC]{1,6}|\d{1,3})(?:\.\d{1,3})*\.?:?|\d{1,3}(?:\.\d{1,3}){0,5}\.?|[A-Z](?:\.\d{1,3}){0,5}\.?|[IVXLC]{1,6}\.)\s+(?=\S)/iu;

/** The compact key of a title or line without its section label ("2.1 ASN.1 syntax" → "asn1syntax"). */
export const unlabelled = (s: string) => compact(s.replace(LABEL, ''));

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

/**
 * A caption: "Figure 1 – …", "Table 2: …", "Fig. 3.", "Tabela 1 -", "그림 1.", "表1", and the words for
 * table and figure in Arabic (جدول, شكل), Hebrew (טבלה, איור), Russian (Таблица, Рисунок, Рис.) and
 * Chinese (图); the full-width colon after the number too. Never a heading.
 */
const CAPTION = /^(?:fig(?:ure|\.)?|figura|abbildung|abb\.|table|tabela|tabla|tableau|tabelle|tab\.|chart|graph|gráfico|exhibit|illustration|listing|quadro|plate|그림|표|図|表|图|جدول|شكل|טבלה|איור|таблица|рисунок|рис\.)\s*\d{1,3}(?:[.-]\d{1,3})*\s*(?:[-–—:.|：]|$)/iu;

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

export { MARKER as LIST_MARKER, BULLET_ONLY, NUMBER_APART, SECTION_NUMBER, CODE_LIKE, IDENTIFIER, CAPTION, TOC_LINE };
