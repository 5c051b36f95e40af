// Property checks over generated inputs: the Block contract (sorted, non-overlapping, trimmed,
// every non-blank character in exactly one block) and the unit contract, checked by brute force,
// for Markdown (LF and CRLF), plain text, HTML and random bytes.

import { describe, expect, it } from 'vitest';
import { docUnits, parseDocument, sentenceSpans } from '../../../src/engine/documents/index.ts';
import type { Doc } from '../../../src/engine/types.ts';
import { Lexer, type Token, type Tokens } from 'marked';
import { expectTiling, rng } from './helpers.ts';

/** Number of list items marked finds, nested ones included (an independent count). */
function markedItems(tokens: Token[]): number {
  let n = 0;
  for (const t of tokens) {
    if (t.type === 'list') for (const it of (t as Tokens.List).items) n += 1 + markedItems(it.tokens);
  }
  return n;
}
const MARKER = /^(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/;

const WORDS = 'o prazo de entrega é 10 dias úteis; the refund policy covers art. 5º e.g. Dr. Silva R$ 1.234,56 https://ex.com.br/a.b x@y.com ... ! ? **negrito** `code` [link](http://a.b)'.split(' ');

function sentence(r: () => number): string {
  const n = 1 + Math.floor(r() * 12);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(WORDS[Math.floor(r() * WORDS.length)]);
  return ws.join(' ') + (r() < 0.7 ? '.' : '');
}

function paragraph(r: () => number): string {
  const n = 1 + Math.floor(r() * 4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(sentence(r));
  return out.join(r() < 0.3 ? '\n' : ' ');
}

/** A random Markdown document built from the constructs the parser must handle. */
function markdownDoc(r: () => number): string {
  const parts: string[] = [];
  if (r() < 0.2) parts.push('---\ntitle: Doc ' + Math.floor(r() * 100) + '\nversion: 1\n---');
  const n = 2 + Math.floor(r() * 10);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(r() * 13);
    const indent = ' '.repeat(Math.floor(r() * 3));
    switch (k) {
      case 0:
        parts.push('#'.repeat(1 + Math.floor(r() * 6)) + ' ' + sentence(r));
        break;
      case 1:
        parts.push(sentence(r) + '\n' + (r() < 0.5 ? '===' : '---'));
        break;
      case 2: {
        const items: string[] = [];
        const m = 1 + Math.floor(r() * 5);
        let depth = 0;
        for (let j = 0; j < m; j++) {
          depth = Math.max(0, Math.min(depth + Math.floor(r() * 3) - 1, 3));
          const marker = r() < 0.5 ? '-' : r() < 0.5 ? '*' : `${j + 1}.`;
          items.push('  '.repeat(depth) + (depth ? '- ' : marker + ' ') + sentence(r) + (r() < 0.2 ? '\n' + '  '.repeat(depth + 1) + sentence(r) : ''));
        }
        parts.push(items.join(r() < 0.2 ? '\n\n' : '\n'));
        break;
      }
      case 3: {
        const rows = Math.floor(r() * 4);
        const lines = ['| a | b |', '|---|:-:|'];
        for (let j = 0; j < rows; j++) lines.push(`| ${sentence(r)} | ${j} |`);
        parts.push(lines.join('\n'));
        break;
      }
      case 4:
        parts.push((r() < 0.5 ? '```js' : '~~~') + '\n' + paragraph(r) + '\n\n' + sentence(r) + (r() < 0.8 ? (r() < 0.5 ? '\n```' : '\n~~~') : ''));
        break;
      case 5:
        parts.push('    ' + sentence(r) + '\n    ' + sentence(r));
        break;
      case 6:
        parts.push(r() < 0.5 ? '***' : '- - -');
        break;
      case 7:
        parts.push('> ' + sentence(r) + '\n> ' + sentence(r));
        break;
      case 8:
        parts.push('<div>\n' + sentence(r) + '\n</div>');
        break;
      case 9:
        parts.push('[ref]: http://example.com "T"');
        break;
      case 10:
        parts.push(indent + paragraph(r) + '\t ');
        break;
      default:
        parts.push(paragraph(r));
    }
  }
  const sep = () => (r() < 0.15 ? '\n' : r() < 0.5 ? '\n\n' : '\n\n \n');
  return parts.map((p, i) => (i ? sep() : '') + p).join('');
}

function checkDoc(doc: Doc): void {
  expectTiling(doc.text, doc.blocks);
  for (const b of doc.blocks) {
    expect(b.headingPath).toBeInstanceOf(Array);
    if (b.kind === 'heading') expect(b.headingPath.at(-1)).toBe(b.title);
    if (b.kind === 'table') {
      for (const s of [...(b.header ? [b.header] : []), ...(b.rows ?? [])]) {
        expect(s.start).toBeGreaterThanOrEqual(b.start);
        expect(s.end).toBeLessThanOrEqual(b.end);
      }
    }
  }
  const units = docUnits(doc);
  // Units tile the document as blocks do, and each lies inside its block.
  expectTiling(doc.text, units);
  for (const u of units) {
    const b = doc.blocks[u.block];
    expect(u.start).toBeGreaterThanOrEqual(b.start);
    expect(u.end).toBeLessThanOrEqual(b.end);
    expect(u.headingPath).toEqual(b.headingPath);
  }
}

describe('block and unit invariants', () => {
  it('hold for 300 generated Markdown documents, LF and CRLF, with the same structure', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = markdownDoc(rng(seed));
      let lf: Doc;
      try {
        lf = parseDocument({ id: `s${seed}`, text, format: 'markdown' });
        checkDoc(lf);
        // Every item marked sees is one block that starts with its marker, nothing more.
        const fmEnd = lf.blocks[0]?.kind === 'front-matter' ? lf.blocks[0].end : 0;
        const items = lf.blocks.filter((b) => b.kind === 'list-item' && MARKER.test(text.slice(b.start, b.end)));
        expect(items.length).toBe(markedItems(new Lexer({ gfm: true }).lex(text.slice(fmEnd))));
      } catch (e) {
        throw new Error(`seed ${seed}: ${(e as Error).message}\n${JSON.stringify(text)}`);
      }
      const crlfText = text.replace(/\n/g, '\r\n');
      const crlf = parseDocument({ id: `s${seed}`, text: crlfText, format: 'markdown' });
      checkDoc(crlf);
      expect(crlf.blocks.map((b) => [b.kind, b.level, b.title])).toEqual(lf.blocks.map((b) => [b.kind, b.level, b.title]));
      expect(crlf.blocks.map((b) => crlf.text.slice(b.start, b.end).replace(/\r\n/g, '\n'))).toEqual(
        lf.blocks.map((b) => lf.text.slice(b.start, b.end)),
      );
    }
  });

  it('hold for generated plain text and HTML', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = rng(seed);
      const paras: string[] = [];
      for (let i = 0; i < 6; i++) paras.push(r() < 0.2 ? '- ' + sentence(r) + '\n- ' + sentence(r) : r() < 0.1 ? 'TÍTULO ' + i : paragraph(r));
      checkDoc(parseDocument({ id: 't', text: paras.join('\n\n'), format: 'text' }));
      const html = paras.map((p, i) => (i % 3 === 0 ? `<h${1 + (i % 3)}>${p}</h${1 + (i % 3)}>` : i % 3 === 1 ? `<ul><li>${p}<ol><li>x</li></ol></li></ul>` : `<p>${p}<br>${p}</p>`)).join('\n');
      checkDoc(parseDocument({ id: 'h', text: html + '<table><tr><th>a</th></tr><tr><td>1</td></tr></table>', format: 'html' }));
    }
  });

  it('random bytes decoded as text parse without crashing in every format', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const bytes = new Uint8Array(4000);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(r() * 256);
      const text = new TextDecoder('utf-8').decode(bytes);
      for (const format of ['markdown', 'text', 'html'] as const) checkDoc(parseDocument({ id: 'bin', text, format }));
      const latin = String.fromCharCode(...bytes);
      checkDoc(parseDocument({ id: 'bin', text: latin }));
      expectTiling(latin, sentenceSpans(latin, 0, latin.length));
    }
  });
});
