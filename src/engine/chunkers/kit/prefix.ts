// The context header "Document title > Section > Subsection | version", put before a chunk's text as
// its prefix and counted in the cap. Every chunker gets it through one Prefixer, which also gives budgets.

import type { Doc, HeaderOptions, TextTokenizer } from '../../types.ts';
import { pathAt } from '../../documents/ranges.ts';

/**
 * A budget as a function of where a chunk starts (the context header depends on the heading path there),
 * of an extra prefix (a repeated table header row) and of `lean` (how many forms of the context header to
 * skip: 1 starts from "Title > last heading", 2 from the title alone), so that headings and
 * their body, or a table row and its header row, can share one chunk.
 */
export type BudgetAt = (offset: number, extraPrefix?: string, lean?: number) => number;

/** What a chunker asks about prefixes: the header for a heading path, token counts, the budget left. */
export interface Prefixer {
  /**
   * The header for this path, ending in a line break; '' when the header is off or does not fit. `lean`
   * skips that many of its forms (full path, "Title > last heading", title alone), for a
   * chunk that needs the room (a table row with its header row repeated, headings with their body).
   */
  header(path: string[], lean?: number): string;
  /** Tokens of a prefix string (cached). */
  tokens(prefix: string): number;
  /** Tokens left for the document text of a chunk starting at `offset` (header + extra prefix reserved). */
  budgetAt: BudgetAt;
}

/** Normalises the `header` parameter: false/undefined → null, true → every field. */
export function headerFields(header: boolean | HeaderOptions | undefined): Required<HeaderOptions> | null {
  if (!header) return null;
  if (header === true) return { title: true, path: true, version: true };
  const f = { title: header.title ?? false, path: header.path ?? false, version: header.version ?? false };
  return f.title || f.path || f.version ? f : null;
}

/** The document's title as the header shows it: meta.title, else meta.name, else the id. */
export function docTitle(doc: Doc): string {
  return (doc.meta.title ?? doc.meta.name ?? doc.id).trim();
}

/** The header line for a path, without line break: "Title > A > B | v2"; '' when every field is empty. */
export function headerText(doc: Doc, path: string[], fields: Required<HeaderOptions>): string {
  const parts: string[] = [];
  const title = fields.title ? docTitle(doc) : '';
  if (title) parts.push(title);
  if (fields.path) {
    for (const h of path) {
      // The H1 is usually the title: "Title > Title > Section" says it twice.
      if (h.trim() && !(parts.length === 1 && title && h.trim() === title)) parts.push(h.trim());
    }
  }
  let line = parts.join(' > ');
  const version = doc.meta.version?.trim();
  if (fields.version && version) line = line ? `${line} | ${version}` : version;
  return line.replace(/[\r\n]+/g, ' ');
}

/**
 * One Prefixer per (document, run). A header longer than half the cap is shortened to
 * "Title > last heading", then to the title, then dropped, so a chunk always keeps room for its text.
 */
export function createPrefixer(
  doc: Doc,
  tokenizer: TextTokenizer,
  maxTokens: number,
  headerOption: boolean | HeaderOptions | undefined,
): Prefixer {
  const fields = headerFields(headerOption);
  const counts = new Map<string, number>();
  const tokens = (prefix: string): number => {
    if (prefix === '') return 0;
    let n = counts.get(prefix);
    if (n === undefined) {
      n = tokenizer.count(prefix);
      counts.set(prefix, n);
    }
    return n;
  };
  const headers = new Map<string, string>();
  const header = (path: string[], lean = 0): string => {
    if (!fields) return '';
    const key = path.join('\u0000') + '\u0001' + lean;
    let h = headers.get(key);
    if (h === undefined) {
      h = '';
      const limit = Math.floor(maxTokens / 2);
      const candidates = [path, path.slice(-1), []].slice(lean);
      for (const p of candidates) {
        const line = headerText(doc, p, fields);
        if (!line) break;
        if (tokens(line + '\n') <= limit) {
          h = line + '\n';
          break;
        }
      }
      headers.set(key, h);
    }
    return h;
  };
  const budgetAt: BudgetAt = (offset, extra = '', lean = 0) => {
    const prefix = header(pathAt(doc, offset), lean) + extra;
    return maxTokens - tokens(prefix);
  };
  return { header, tokens, budgetAt };
}
