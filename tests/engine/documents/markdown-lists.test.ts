// The plain-list, plain-table and plain-fence shortcuts of parseMarkdown
// (src/engine/documents/markdown.ts: plainList/endsAList, plainTable, plainFence): a group of one-line
// items ("- a", "* b", "1. c") that starts a list after a blank line and ends it before one, a group of
// "|" lines whose header and delimiter row agree, and a fenced code block closed by the group's last
// line get their blocks without marked. They must give exactly the blocks that lexing the whole body
// with marked gives ({ wholeLex: true }). Compared after finalizeBlocks, like markdown-plain.test.ts,
// on lists built to sit at the edges of the rule (nested, loose and tight, lazy continuation, mixed
// markers, code, HTML and tasks inside, lists beside lists, tables, fences, quotes, definitions),
// tables with escaped pipes, uneven rows and broken delimiters, fences closed early, late or never;
// each alone, between plain text, in random mixes, and on real Markdown files.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Lexer } from 'marked';
import { parseMarkdown } from '../../../src/engine/documents/markdown.ts';
import { finalizeBlocks } from '../../../src/engine/documents/text-utils.ts';
import { rng } from '../../../src/engine/util/random.ts';
import { makeCorpus } from '../../../bench/corpus.ts';
import { expectSame, expectSameOnMixes } from './markdown-same.ts';

/** Lists and things next to them; some the shortcut takes, most it must leave to marked. */
const LISTS = [
  // plain one-line lists (taken)
  '- a\n- b\n- c', '* one\n* two', '+ x', '1. first\n2. second\n3. third', '1) a\n2) b', '7. seven\n8. eight', '123456789. nine digits',
  '- **Bold.** Then text.\n- __Under__ score\n- `code` span\n- *em* and _em_', '- Último item\n- 日本語', '- 2024 was a year', '- a  \n- b\t\n- c  ',
  '- ends in a no-break space\u00a0', '- # heading in an item\n- b', '- text with - dash and * star | pipe',
  // mixed markers and delimiters: separate lists
  '- a\n* b\n+ c', '1. a\n2) b', '- a\n1. b', '1. a\n- b',
  // nested, loose, continued
  '- a\n  - b\n  - c\n- d', '- a\n    - deeper\n- b', '- a\n\n- b', '- a\n- b\n\n  more of b', '- a\n- b\n\n    code in b', '- a\n- b\n\n\tTab after',
  '1. one\n\n   more of one\n2. two', '- a\nlazy line', '- a\n- b\nlazy line', '- a\n  continued\n- b',
  // items that open blocks
  '- - nested at once', '- * star nested', '- 1. ordered inside', '- 2024. a year ends in a dot', '- > quote', '- ```\n- b', '- ```js\ncode\n```',
  '- <div>html</div>', '- <!-- c -->', '- [ ] task', '- [x] done', '- [link](http://x.example)', '- [d]: /url', '- ***', '- * * *', '- ---', '- ___',
  '- *', '- **', '- * x', '- ** x', '- `', '- ``` x', '-\tTab', '-  two spaces', '-    code-ish', '- \u00a0nbsp start', '-', '- ', '-x', '--- rule',
  // setext and tables around lists
  '- a\n---', '- a\n===', 'Title\n- a', '| a | b |\n|---|---|\n| 1 | 2 |', '- a\n| b | c |\n|---|---|',
  // quotes, fences, html, definitions that run on
  '> quote\n- a', '> quote', '```\n- a\n\n- b\n```', '```\nnever closed', '<div>\n\n- a\n\n</div>', '<!-- open\n\n- a\n\n-->', '[foo]: /url "t\n\n- a\n\nt"', '[x]: /u\n"\n\n- a\n\n"',
  // indented and odd blank lines
  '  - indented', '   1. indented', '    - code', '\t- tab code', '- a\n \n- b', '- a\n\t\n- b', '- a\n\u00a0\n- b',
  // CR inside, controls
  '- a\r\n- b', '- bell \u0007', '- sep\u2028x',
  // a tab as the last character (marked's raw then ends in a newline the text lacks: review R5-1)
  '- a\t', '- a\n- b\t', '1. a\t', '- a\t ', '- a \t', '- a\t\n', '- a\tb',
];

/** Tables and near-tables; the shortcut takes those whose lines all start with "|" and whose header and delimiter agree. */
const TABLES = [
  '| a | b |\n|---|---|\n| 1 | 2 |', '| a |\n|---|', '| a | b |\n| :-- | --: |', '|a|b|\n|:-:|-|\n|1|2|\n|3|', '| a | b | c |\n|---|---|\n| 1 | 2 | 3 |',
  '| a | b |\n|---|---|---|', '| a | b |\n|---|', '| a |\n| - |\n| x | y | z |', '| a | b |\n|--|--|\n| `x|y` | 2 |', '| a \\| b |\n|---|---|', '| a | b |\n|---|---|\n| 1 \\| 2 |',
  '| a | b |\n|---|---|\nlazy row', '| a | b |\n|---|---|\n- list after', '| a | b |\n|---|---|\n# heading after', '| a | b |\n|---|---|\n> quote after',
  '| a | b |\n|---|---|\n    | indented row', '| a | b |\n| --- | --- |  ', '| a | b |\n|---|---|\n| 1 | 2 |  \n| 3 | 4 |\t', '|\n|---|', '||\n|-|', '| |\n|-|', '| a |\n|:|',
  '| a | b |\n|---|-:-|', '| a | b |\n|---|---|x', '| a | b |\n|---|\t---|', '| a | b |\n|- - -|', '| a | b\n---|---', 'a | b\n--|--', ' | a |\n |---|',
  '| a | b |\n|---|---|\n| ção | 日本 |\n| \u00a0 | x\u00a0|', '| a\u2028 | b |\n|---|---|', '| a | b |\n|---|---|\n| \u0007 | x |', '| a | b |\n|===|===|', '| <div> | b |\n|---|---|',
  '| a | b |\n|---|---|\n\n| c | d |\n|---|---|', '| a | b |\n\n|---|---|', '| a | b |\n|---|---|\n| 1 | 2 |\t', '| a | b |\n|---|---|\t',
];

/** Fenced code and near-fences; the shortcut takes a group that one fence opens and its last line closes. */
const FENCES = [
  '```\ncode\n```', '```js\nlet a = 1;\n```', '~~~\nx\n~~~', '````\n```\ninner\n```\n````', '```\nx\n````', '```\nx\n```  ', '```\nx\n   ```', '```\nx\n ```\ny\n```',
  '```\nx\n```\nafter the fence', '```\nx\n~~~', '~~~\nx\n```', '```\nx\n``', '```\nx\n``` y', '``` js  linenums\nx\n```', '```c++\nx\n```', '```C#\nx\n```',
  '``` a`b\nx\n```', '```{.py}\nx\n```', '```\\py\nx\n```', '```\n```', '```', '```\nnever closed', '~~~~\n~~~\n~~~~', '```\n- a\n# b\n| c |\n```', '```\n<div>\n```',
  '```\nx\n\ny\n```', '   ```\nx\n```', '```\nx\n    ```',
];

const PLAIN = ['Plain words.', '# Heading', '## Part two', 'Énfase.', '2024 was a year.', 'Text\nwrapped.'];

describe('plain lists read without marked give the blocks marked gives', () => {
  afterEach(() => vi.restoreAllMocks());

  test('each list alone, between plain text, beside another list, and after several blank lines', () => {
    for (const t of LISTS) {
      expectSame(t);
      expectSame(`Plain before.\n\n${t}\n\nPlain after.\n\n# After`);
      expectSame(`# Top\n\n${t}\n\n\n\n${t}\n\nEnd.`);
      expectSame(`- plain list\n- before\n\n${t}\n\nAfter.`);
      expectSame(`Before.\n\n${t}\n\n- plain list\n- after`);
      expectSame(`Before.\n\n${t}\n\n  indented after\n\nEnd.`);
    }
  });

  test('each table and near-table alone, between plain text, after a list and before one', () => {
    for (const t of TABLES) {
      expectSame(t);
      expectSame(`Plain before.\n\n${t}\n\nPlain after.`);
      expectSame(`- a\n- b\n\n${t}\n\n- c`);
      expectSame(`\`\`\`\nopen fence\n\n${t}\n\nEnd.`);
      expectSame(`${t}\nGlued line.\n\n${t}`);
    }
  });

  test('each fence and near-fence alone, between plain text, after an open fence and after a list', () => {
    for (const t of FENCES) {
      expectSame(t);
      expectSame(`Plain before.\n\n${t}\n\nPlain after.`);
      expectSame(`\`\`\`\nopen\n\n${t}\n\nEnd.`);
      expectSame(`- a\n\n${t}\n\n- b`);
      expectSame(`<div>\n\n${t}\n\n</div>`);
    }
  });

  test('random mixes of lists, tables, plain text and blank lines of every kind', () => {
    const seps = ['\n', '\n\n', '\n\n\n', '\n  \n', '\n\t\n', '\n \n\n'];
    expectSameOnMixes(20261208, 600, seps, (r, pick) => (r() < 0.4 ? pick(PLAIN) : r() < 0.6 ? pick(LISTS) : r() < 0.8 ? pick(TABLES) : pick(FENCES)));
  });

  test('generated lists: markers, numbers, item texts and what follows, at random', () => {
    const r = rng(8122026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const markers = ['-', '*', '+', '1.', '2)', '10.', '999999999.'];
    const texts = ['word', 'Word two', '**Bold** rest', '`x` y', '_e_ f', '3 apples', 'ção', '# h', '[l](u)', '<b>x</b>', '- n', '1. n', '', ' lead', '\tt', 'x  ', 'trail\u00a0', '***', '> q'];
    const after = ['', '\n\nPlain.', '\n\n# H', '\n\n  indented', '\n\n- more', '\n\n1. more', '\n\n| a |\n|---|', '\n\n```\nc', '\n\n<div>', '\nlazy', '\n\n\n\nFar.'];
    for (let n = 0; n < 1500; n++) {
      const lines: string[] = [];
      const len = 1 + Math.floor(r() * 6);
      const same = r() < 0.7 ? pick(markers) : null;
      for (let k = 0; k < len; k++) lines.push(`${same ?? pick(markers)}${r() < 0.9 ? ' ' : pick(['  ', '\t', ''])}${pick(texts)}`);
      expectSame(`${pick(['', 'Intro.\n\n', '- x\n\n', '    code\n\n', '> q\n\n'])}${lines.join('\n')}${pick(after)}`);
    }
  });

  test('real Markdown: the bench corpus (two seeds) and this repository\'s documentation', () => {
    for (const seed of [42, 7]) for (const d of makeCorpus(1.4e6, seed, 'english')) expectSame(d.text);
    const root = join(import.meta.dirname, '../../..');
    const files = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(root, 'docs', f))];
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) expectSame(readFileSync(f, 'utf8'));
  });

  test('the shortcut is taken: a plain list between plain text never reaches marked; one that may go on does', () => {
    const spy = vi.spyOn(Lexer.prototype, 'blockTokens');
    const text = 'Intro.\n\n- a\n- **b** c\n\n## Next\n\n1. one\n2. two\n\nEnd.';
    const { blocks } = parseMarkdown(text);
    expect(spy).not.toHaveBeenCalled();
    expect(finalizeBlocks(text, blocks).map((b) => [b.kind, text.slice(b.start, b.end)])).toEqual([
      ['paragraph', 'Intro.'],
      ['list-item', '- a'],
      ['list-item', '- **b** c'],
      ['heading', '## Next'],
      ['list-item', '1. one'],
      ['list-item', '2. two'],
      ['paragraph', 'End.'],
    ]);
    // followed by an indented line (it may continue the last item) or by another list: marked reads it
    for (const t of ['Intro.\n\n- a\n- b\n\n  more of b', 'Intro.\n\n- a\n\n- b\n\nEnd.']) {
      spy.mockClear();
      parseMarkdown(t);
      expect(spy.mock.calls.map((c) => c[0]).some((s) => s.includes('- a'))).toBe(true);
      expectSame(t);
    }
  });
});
