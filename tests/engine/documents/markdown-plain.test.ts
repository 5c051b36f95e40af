// The plain-group shortcut of parseMarkdown (src/engine/documents/markdown.ts, lexInPieces): groups of
// lines that marked can only read as paragraphs and "# Title" headings get their blocks without marked,
// and the text between them is lexed piece by piece. It must give exactly the blocks that lexing the
// whole body with marked gives ({ wholeLex: true }, the path every Markdown document took before).
// Compared after finalizeBlocks (what a Doc holds), on inputs built to sit near the edges of the rule:
// lines that almost start a block, setext underlines, lazy continuation, HTML blocks that run past
// blank lines, fences left open, link definitions with titles over blank lines, tables, entities,
// Unicode white space, CRLF; each alone, between plain paragraphs, and in random mixes.

import { afterEach, describe, expect, test, vi } from 'vitest';
import { Lexer } from 'marked';
import { parseMarkdown } from '../../../src/engine/documents/markdown.ts';
import { finalizeBlocks } from '../../../src/engine/documents/text-utils.ts';
import { makeCorpus } from '../../../bench/corpus.ts';
import { expectSame, expectSameOnMixes } from './markdown-same.ts';

const PLAIN = ['Plain words in a line.', 'A paragraph\nwrapped over two lines.', '# A heading', '## Heading with `code` and *emphasis*', 'Énfase no início.', '2024 was a year.'];

/** Each one sits at an edge of the plain-line rule or of a block that can run past a blank line. */
const TRICKY = [
  // setext headings and things that look like underlines
  'Title\n=====', 'Title\n---', 'Title\n  ---  ', 'Title\n- - -', 'Line one\nLine two\n===',
  // almost lists
  '1.5 million readers', '2) second', '1. first', '10) tenth', '123456789. nine digits', '1234567890. ten digits', '- item', '+ item', '* item', '-not a list', '1.\n2.',
  // lazy continuation and items that go on after a blank line
  '> quoted\nlazy line', '- item\nlazy line', '- item\n\n  continued paragraph', '- item\n\n    code in the item', '1. one\n\n   more of one\n2. two',
  '- a\n  - b\n    - c\n\n      deep text',
  // HTML blocks, those that end at a blank line and those that do not
  '<div>\nhtml\n</div>', '<div>\n\nafter the div', '<!-- comment\n\nstill the comment\n\n-->', '<!-- never closed\n\ntext',
  '<pre>\n\nkept\n\n</pre>', '<script>\n\nalert(1)\n\n</script>', '<?php\n\necho 1;\n\n?>', '<!DOCTYPE html>', '<![CDATA[\n\nx\n\n]]>',
  '<span>inline</span> start', '<custom-tag>\n\ntext', '</div>',
  // fenced and indented code
  '```\ncode\n\nstill code\n```', '```js\nnever closed\n\nplain looking', '~~~\n\nx\n~~~', '````\n```\n\nx\n````', '``` a`b\nnot a fence',
  '```\n# not a heading\n```', '    indented code\n\n    more code', '\tTab code',
  // tables
  'a | b\n--|--\n1 | 2', '| a |\n|---|\n| 1 |\nlazy row', 'Header | two\n:-- | --:\nx | y',
  // entities and headings at their edges
  '&amp; first', '# A &amp; B', '# Heading &#35;', 'Caf&eacute; au lait', '# Title #', '#Title', '####### seven', '# ', '#\tTab heading',
  '## Title ##', '# Title \\#', '   # indented heading', '# a [link](http://x.example) and www.example.com',
  // link definitions (a quoted title may span blank lines)
  '[foo]: /url "title\n\nstill the title"', '[foo]: /url', "[bar]: /u 'one\n\ntwo'", '[baz]: /u (paren\n\ntitle)', '[x]\n\n[x]: /u',
  // ... and a title that starts on the line after the URL (marked reads a piece of it as a definition and a paragraph)
  '[x]: /u\n"\n\nPlain"', "[y]: /u\n'two\nlines\n\nend'", '[z]:\n/u\n(t\n\nPlain)',
  // rules and quotes
  '***', '---', '___', ' - - -', '> a\n\n> b', '>',
  // Unicode white space and separators
  '\u00a0starts with a no-break space', 'line\u2028separator', '\u3000ideographic space', '\ufeffbyte order mark', '日本語の段落',
  'control \u0007 bell', 'form\ffeed',
  // blank-looking lines
  'text\n   \nmore', 'text\n\t\nmore', 'text\n\u00a0\nmore',
];

describe('plain groups read without marked give the blocks marked gives', () => {
  afterEach(() => vi.restoreAllMocks());

  test('each tricky input alone, between plain paragraphs, and before one', () => {
    for (const t of TRICKY) {
      expectSame(t);
      expectSame(`Plain before.\n\n${t}\n\nPlain after.\n\n# After`);
      expectSame(`${t}\nGlued plain line.\n\nPlain after.`);
      expectSame(`# Top\n\n${t}\n\n\n\nAfter several blank lines.\n\n${t}`);
    }
  });

  test('CRLF, front matter, a byte-order mark and over-deep nesting keep the same blocks', () => {
    for (const t of TRICKY) expectSame(`Plain.\r\n\r\n${t.replace(/\n/g, '\r\n')}\r\n\r\nAfter.`);
    expectSame('---\ntitle: T\n---\n# H\n\nPlain.\n\n- x\n\nMore.');
    expectSame('\ufeff# Title\n\nPlain.');
    expectSame(`Plain.\n\n${'> '.repeat(40)}deep\n\nAfter.\n\n- list\n\nEnd.`);
  });

  test('random mixes of tricky and plain pieces', () => {
    expectSameOnMixes(20261207, 400, ['\n', '\n\n', '\n\n\n', '\n  \n', '\n\t\n'], (r, pick) => (r() < 0.5 ? pick(PLAIN) : pick(TRICKY)));
  });

  test('the bench corpus (221 Markdown documents, 1.4 MB) reads the same both ways', () => {
    for (const d of makeCorpus(1.4e6, 42, 'english')) expectSame(d.text);
  });

  test('the shortcut is taken: plain text never reaches marked, and the text after an open fence is lexed whole', () => {
    const spy = vi.spyOn(Lexer.prototype, 'blockTokens');
    const plain = '# Title\n\nFirst paragraph\nwrapped.\n\n## Part\nText under it.\n\nÚltimo parágrafo.';
    parseMarkdown(plain);
    expect(spy).not.toHaveBeenCalled();
    const { blocks } = parseMarkdown(plain);
    expect(finalizeBlocks(plain, blocks).map((b) => [b.kind, plain.slice(b.start, b.end)])).toEqual([
      ['heading', '# Title'],
      ['paragraph', 'First paragraph\nwrapped.'],
      ['heading', '## Part'],
      ['paragraph', 'Text under it.'],
      ['paragraph', 'Último parágrafo.'],
    ]);

    spy.mockClear();
    const list = 'Intro.\n\n- a\n- b\n\nMiddle.\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nEnd.';
    parseMarkdown(list);
    // plain lists and tables have shortcuts of their own (markdown-lists.test.ts): marked sees none of it
    expect(spy).not.toHaveBeenCalled();
    expectSame(list);

    spy.mockClear();
    const open = 'Intro.\n\n```\ncode\n\nStill code.\n\nAnd more.';
    parseMarkdown(open);
    const seen = spy.mock.calls.map((c) => c[0]);
    expect(seen).toContain('\n\n```\ncode\n\n'); // the piece before "Still code." ends in an open fence…
    expect(seen).toContain('\n\n```\ncode\n\nStill code.\n\nAnd more.'); // …so the rest is lexed whole
    expectSame(open);
  });
});
