// Checks shared by the PDF and DOCX tests: the recovered document against the fixture's
// *.expected.json, written by scripts/make-document-fixtures.ts from the same specs that wrote the
// file (so nothing here comes from the converter itself).

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { lintChunks } from '../../../src/engine/lints/index.ts';
import type { Doc } from '../../../src/engine/types.ts';
import { tokenizer } from '../chunkers/helpers.ts';

export interface Expected {
  outline: { level: number; title: string }[];
  tables: { header: string[]; rows: string[][] }[];
  texts: string[];
  joined?: string[];
  kept?: string[];
  pageStarts?: { page: number; words: string }[];
  absent?: string[];
  code?: string[];
}

export const FIXTURES = new URL('../../fixtures/documents/', import.meta.url);
export const bytesOf = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
export const expectedOf = (name: string): Expected => JSON.parse(readFileSync(new URL(name.replace(/\.\w+$/, '.expected.json'), FIXTURES), 'utf8'));

/** Cells of one pipe-table line, "\|" kept as a literal bar. */
export function cells(line: string): string[] {
  const parts = line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/);
  return parts.map((c) => c.trim().replace(/\\\|/g, '|'));
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

export function expectOutline(doc: Doc, e: Expected): void {
  const got = doc.blocks.filter((b) => b.kind === 'heading').map((b) => ({ level: b.level, title: b.title }));
  expect(got).toEqual(e.outline);
}

export function expectTables(doc: Doc, e: Expected): void {
  const tables = doc.blocks.filter((b) => b.kind === 'table');
  expect(tables.length).toBe(e.tables.length);
  e.tables.forEach((t, i) => {
    const b = tables[i];
    const headerLine = doc.text.slice(b.header!.start, b.header!.end).split('\n')[0];
    expect(cells(headerLine)).toEqual(t.header);
    expect(b.rows!.map((r) => cells(doc.text.slice(r.start, r.end)))).toEqual(t.rows);
  });
}

/** Every expected text is in the document, whitespace aside, in the expected order. */
export function expectTexts(doc: Doc, e: Expected): void {
  const text = norm(doc.text);
  let at = 0;
  for (const t of e.texts) {
    const i = text.indexOf(norm(t), at);
    expect(i, `missing or out of order: ${t}`).toBeGreaterThanOrEqual(0);
    at = i + norm(t).length;
  }
}

/** The structure chunker leaves no orphan heading and no table row without its header. */
export async function expectCleanStructureChunks(doc: Doc): Promise<void> {
  for (const maxTokens of [64, 200]) {
    for (const header of [false, true]) {
      const chunks = await chunkDocument(doc, 'structure', { maxTokens, header }, { tokenizer });
      const report = lintChunks(doc, chunks, {});
      expect(chunks.length).toBeGreaterThan(0);
      expect(report.counts['orphan-heading'], `orphan headings at ${maxTokens} tokens`).toBe(0);
      expect(report.counts['row-without-header'], `header-less rows at ${maxTokens} tokens`).toBe(0);
    }
  }
}
