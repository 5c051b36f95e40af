// Scores of a PDF conversion against what the document holds (bench/pdf-quality.ts and the tests):
// word-order similarity (F1 of word bigrams: order matters locally, a scrambled column or reversed
// line loses its bigrams), heading precision/recall (titles compared letters and digits only), tables
// (Markdown tables with a separator row, matched by header), running lines left.

export const tokens = (s: string) => (s.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The words of a Markdown text: table pipes, separator rows, heading and list markers, fences out. */
export function markdownWords(md: string): string[] {
  const lines = md.split('\n').filter((l) => !/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*$/.test(l) && !/^\s*(?:`{3,}|~{3,})/.test(l));
  return tokens(lines.map((l) => l.replace(/^\s*#{1,6}\s+/, '').replace(/^\s*(?:[-*+]|\d+\.)\s+/, '').replace(/\\/g, '')).join('\n'));
}

export function bigramF1(cand: string[], ref: string[]): number {
  const grams = (w: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + 1 < w.length; i++) {
      const k = `${w[i]} ${w[i + 1]}`;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const a = grams(cand);
  const b = grams(ref);
  let common = 0;
  for (const [k, n] of a) common += Math.min(n, b.get(k) ?? 0);
  const na = Math.max(1, cand.length - 1);
  const nb = Math.max(1, ref.length - 1);
  if (!common) return 0;
  const p = common / na;
  const r = common / nb;
  return (2 * p * r) / (p + r);
}

export const compactTitle = (s: string) => tokens(s).join('');
/** A title without its section number ("C. Sleep schedule", "2.1 Data"): tagged PDFs often tag the number apart. */
// Section labels taken off before comparing, also "Appendix A", "Chapter 3:" and "A.1" (an outline
// may print "A Copying Information" where the text has "Appendix A Copying Information").
const unnumbered = (s: string) =>
  compactTitle(s.replace(/^\s*(?:(?:appendix|annex|chapter|part|section|anexo|ap[êe]ndice|cap[íi]tulo)\s+(?:[A-Z]|[IVXLC]{1,6}|\d{1,3})(?:\.\d{1,3})*\.?:?|\d{1,2}(?:\.\d{1,2})*\.?|[A-Z](?:\.\d{1,2})+\.?|\(?[A-Za-z]\)|[A-H]\.?|[IVXLC]{1,6}\.)\s+/i, ''));

/** ATX headings outside fenced code blocks (a "# comment" line in a code block is no heading). */
export function markdownHeadings(md: string): string[] {
  let fence: string | null = null;
  return md.split('\n').flatMap((l) => {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(l);
    if (f && (fence === null || (f[1][0] === fence[0] && f[1].length >= fence.length))) {
      fence = fence === null ? f[1] : null;
      return [];
    }
    if (fence !== null) return [];
    const m = /^#{1,6}\s+(.*)$/.exec(l);
    return m ? [m[1]] : [];
  });
}

/** Matched headings: equal titles, or one the start of the other (a heading cut or run on). */
export function headingScores(found: string[], want: string[]): { tp: number; found: number; want: number } {
  const f = found.map(unnumbered).filter(Boolean);
  const w = want.map(unnumbered).filter(Boolean);
  const used = new Set<number>();
  let tp = 0;
  for (const x of f) {
    const i = w.findIndex((y, k) => !used.has(k) && (x === y || (x.length >= 4 && y.length >= 4 && (x.startsWith(y) || y.startsWith(x)))));
    if (i >= 0) {
      used.add(i);
      tp++;
    }
  }
  return { tp, found: f.length, want: w.length };
}

export interface MdTable {
  header: string[];
  rows: string[][];
}

/** Markdown tables: a pipe row followed by a separator row, then pipe rows. */
export function markdownTables(md: string): MdTable[] {
  const lines = md.split('\n');
  // Cells split at unescaped pipes; an escaped pipe ("\\|") is a pipe in the cell's text.
  const cells = (l: string) => l.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
  const out: MdTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/^\s*\|.*\|\s*$/.test(lines[i]) || !/^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/.test(lines[i + 1])) continue;
    const t: MdTable = { header: cells(lines[i]), rows: [] };
    let j = i + 2;
    while (j < lines.length && /^\s*\|.*\|\s*$/.test(lines[j])) t.rows.push(cells(lines[j++]));
    out.push(t);
    i = j - 1;
  }
  return out;
}

/** Tables recovered (same header, same number of rows) and invented (found, matching none). */
export function tableScores(found: MdTable[], want: MdTable[]): { recovered: number; invented: number; want: number } {
  const used = new Set<number>();
  let recovered = 0;
  let matched = 0;
  for (const t of found) {
    const key = t.header.map(compactTitle).join('|');
    const i = want.findIndex((w, k) => !used.has(k) && w.header.map(compactTitle).join('|') === key);
    if (i >= 0) {
      used.add(i);
      matched++;
      if (want[i].rows.length === t.rows.length) recovered++;
    }
  }
  return { recovered, invented: found.length - matched, want: want.length };
}

/** Running lines still in the text. */
export function runningLeft(md: string, running: string[]): number {
  const text = tokens(md).join(' ');
  return running.filter((r) => {
    const t = tokens(r).join(' ');
    return t && new RegExp(`(?:^| )${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: |$)`).test(text);
  }).length;
}

/** Share of the reference's words (counted with repeats) that the candidate holds: OCR's word recall. */
export function wordRecall(cand: string[], ref: string[]): number {
  const have = new Map<string, number>();
  for (const w of cand) have.set(w, (have.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of ref) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      hit++;
      have.set(w, n - 1);
    }
  }
  return ref.length ? hit / ref.length : 1;
}
