// Document-level passes over the heading candidates of the per-line decision: the title page's
// bylines and the labels of numbered environments (theorems, definitions) are no headings.

import type { Row } from '../types.ts';
import { BLOCK_REACH, FRONT_MATTER as F, HEADING } from '../thresholds.ts';

/**
 * Drops the lines under a document's title that are no headings however they are set: authors,
 * their affiliations, a date (the title page's front matter). The title is the first heading found
 * (with the lines that continue it at its level); until the first paragraph of body text on its
 * page, an unnumbered heading candidate stays one only when body text follows it ("Abstract" over
 * its paragraph); one followed by another short line (the next author, an address, an e-mail) is a
 * byline. Numbered headings ("1 Introduction") always stay.
 */
export function dropBylines(rows: Row[], found: [Row, { key: string; depth: number }][], bodySize: number, textOf: (r: Row) => string): void {
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
    if (!r || isFound.has(r) || Math.abs(r.size - bodySize) > HEADING.SAME_SIZE) return false;
    const t = textOf(r);
    if (t.length >= F.BODY_LINE_CHARS && /[.!?]$/.test(t)) return true;
    const n = rows[k + 1];
    if (!n || n.page !== r.page || n.jump || Math.abs(n.size - r.size) >= HEADING.SAME_SIZE || r.y - n.y <= 0 || r.y - n.y > BLOCK_REACH.TEXT * r.size) return false;
    const x0 = r.frags[0].x0;
    const nx0 = n.frags[0].x0;
    return nx0 <= x0 + 1 && nx0 >= x0 - F.FIRST_LINE_INDENT * r.size && t.length + textOf(n).length >= F.BODY_LINE_CHARS;
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

const PART = /^(?:chapter|part|section|appendix|annex|cap[íi]tulo|parte|se[çc][ãa]o|anexo|ap[êe]ndice)\b/i;

/** "Definition 3", "Satz 1.2 (Heine-Borel)", "Example (Topologies)", "Part a)": a label word with a number or a note. */
const ENV_LABEL = /^(\p{Lu}\p{L}+)(?:\s+(\d{1,3}(?:\.\d{1,3})*\.?|[a-z]\)))?(?:\s*\(.*\))?[.:]?$/u;

/**
 * Drops numbered environments' labels set like headings at body size: theorem, definition, example,
 * figure heads ("Definition 1", "Beispiel 2 (Topologien)", "Figure 3."), recognised as a label word
 * that starts at least three candidates with different numbers, and words numbered on its counter
 * (LaTeX's environments sharing one: "Example 3" between "Definition 2" and "Definition 4"). Those words' unnumbered forms
 * with a note ("Satz (Zwischenwertsatz)") go too. Lines set larger ("Chapter 2") stay.
 */
export function dropEnvironmentLabels(found: [Row, { size: number; depth: number }][], bodySize: number, textOf: (r: Row) => string): void {
  const numbers = new Map<string, Set<string>>();
  const small = (size: number) => size < bodySize * HEADING.LARGER;
  for (const [r, s] of found) {
    const m = ENV_LABEL.exec(textOf(r));
    if (m?.[2] && small(s.size)) (numbers.get(m[1]) ?? numbers.set(m[1], new Set()).get(m[1])!).add(m[2]);
  }
  const labels = new Set([...numbers].filter(([, n]) => n.size >= F.ENV_LABEL_NUMBERS).map(([w]) => w));
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
