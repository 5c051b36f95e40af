// Structure roles of tagged PDFs: the standard structure types, and what a producer's own role names
// say they are (RoleMap-mapped by pdf.js; "Heading 2", "TOC 1", "Artifact" read by their name).

import type { PdfStructLeaf, PdfStructNode } from '../types.ts';

export type Node = PdfStructNode | PdfStructLeaf;
export const isLeaf = (n: Node): n is PdfStructLeaf => typeof (n as PdfStructLeaf).type === 'string' && !(n as PdfStructNode).role;

export const PARA = new Set(['P', 'Caption', 'BlockQuote', 'Quote', 'Note', 'TOCI', 'Lbl', 'LBody', 'Formula']);
export const SKIP = new Set(['Artifact', 'Annot', 'Form']);
export const BLOCK = new Set(['H', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'Title', 'L', 'Table', 'Code', 'Figure', ...PARA, ...SKIP]);

/** Standard structure types of PDF 1.7 and 2.0: taken as they are. */
const STANDARD = new Set([
  ...BLOCK,
  ...['Document', 'DocumentFragment', 'Part', 'Art', 'Sect', 'Div', 'Aside', 'NonStruct', 'Private', 'TOC', 'Index', 'Bibliography'],
  ...['LI', 'TR', 'TH', 'TD', 'THead', 'TBody', 'TFoot', 'Span', 'Quote', 'Note', 'Reference', 'BibEntry', 'Link', 'Ruby', 'Warichu', 'RB', 'RT', 'RP', 'WT', 'WP', 'Em', 'Strong', 'Sub', 'FENote'],
]);

/**
 * The role an element plays: its (RoleMap-mapped) role when standard, else what its name says
 * ("Heading 2", "head_3", "h4" → H2–H4; "Heading" → H; "TOC 1", "TOC Entry" → TOCI; "Artifact",
 * "Pagination" → Artifact), else the name itself (a container or paragraph, by what it holds).
 */
export function roleOf(name: string): string {
  if (STANDARD.has(name)) return name;
  const t = name.trim();
  const h = /^(?:h|head|heading|header)[\s_-]*([1-9])$/i.exec(t);
  if (h) return `H${Math.min(6, Number(h[1]))}`;
  if (/^(?:heading|head)$/i.test(t)) return 'H';
  if (/^toc[\s_-]*(?:\d|entry|item|line)/i.test(t)) return 'TOCI';
  if (/^(?:artifact|pagination|running[\s_-]*(?:head|foot)\w*)$/i.test(t)) return 'Artifact';
  return name;
}

