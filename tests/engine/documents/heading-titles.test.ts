// Heading titles take a shortcut when the heading holds nothing marked's inline lexer could act on.
// These tests hold the titles to marked itself (inline tokens, markup dropped, whitespace collapsed)
// on random headings over an alphabet rich in inline syntax, and on every heading of the samples.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Lexer, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { parseDocument, readFrontMatter } from '../../../src/engine/documents/index.ts';
import { rng } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The reference: marked's inline tokens of the heading text, plain text joined, whitespace collapsed. */
function markedTitle(src: string): string {
  const parts: string[] = [];
  const walk = (ts: Token[]) => {
    for (const t of ts) {
      const x = t as Token & { tokens?: Token[]; text?: string };
      if (t.type === 'html') continue;
      if (t.type === 'br') parts.push(' ');
      else if (x.tokens && x.tokens.length) walk(x.tokens);
      else if (typeof x.text === 'string') parts.push(x.text);
    }
  };
  walk(Lexer.lexInline(src, { gfm: true }));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Heading texts as marked's block lexer sees them, with the titles our parser gave. */
function headings(text: string): { src: string; title: string | undefined }[] {
  const doc = parseDocument({ id: 'h', text, format: 'markdown' });
  const ours = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.title);
  const theirs: string[] = [];
  const collect = (ts: Token[]) => {
    for (const t of ts) if (t.type === 'heading') theirs.push((t as Token & { text: string }).text);
  };
  // marked never sees the front matter (the parser reads it itself)
  collect(new Lexer({ gfm: true }).blockTokens(text.slice(readFrontMatter(text)?.end ?? 0)));
  expect(ours.length).toBe(theirs.length);
  return theirs.map((src, i) => ({ src, title: ours[i] }));
}

const PIECES = [
  ...'abcdefghijklmnopqrstuvwxyzABCZ0123456789áçãéÜ',
  ...' ', ' ', ' ', '\t',
  ...'.,;:!?-()[]{}<>/@#$%&*+="\'`~^|\\_',
  'www.', 'WWW.', 'http://', 'https://x.io', 'ftp://', 'a@b.co', 'mailto:', '&amp;', '&#65;', '&#x41;', '&#0;',
  '**', '__', '~~', '`', '``', '<b>', '</b>', '<!-- c -->', '[a](b)', '![i](p.png)', '[ref]', '\\*', '\\#',
];

describe('heading titles', () => {
  it('match marked on random headings full of inline syntax', () => {
    const r = rng(11);
    let text = '';
    for (let i = 0; i < 1500; i++) {
      let h = '';
      const n = 1 + Math.floor(r() * 12);
      for (let k = 0; k < n; k++) h += PIECES[Math.floor(r() * PIECES.length)];
      text += `${'#'.repeat(1 + Math.floor(r() * 6))} ${h.replace(/[\r\n]/g, ' ')}\n\npara ${i}\n\n`;
    }
    const hs = headings(text);
    expect(hs.length).toBeGreaterThan(1000);
    let plain = 0;
    for (const { src, title } of hs) {
      expect(title, JSON.stringify(src)).toBe(markedTitle(src));
      if (!/[\\<[!*_~`@&]|:\/\/|www\./i.test(src)) plain++;
    }
    // both kinds occur: headings that take the shortcut and headings marked must lex
    expect(plain).toBeGreaterThan(20);
    expect(plain).toBeLessThan(hs.length - 100);
  });

  it('match marked on every heading of the samples and fixtures', () => {
    let count = 0;
    for (const dir of ['public/samples/en/docs', 'public/samples/pt-BR/docs', 'tests/engine/chunkers/fixtures']) {
      for (const f of readdirSync(ROOT + dir).filter((x) => x.endsWith('.md'))) {
        for (const { src, title } of headings(readFileSync(`${ROOT}${dir}/${f}`, 'utf8'))) {
          expect(title, `${f}: ${src}`).toBe(markedTitle(src));
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(50);
  });
});
