// The README and the reference under docs/ link to each other and into the tree: every relative
// link and #anchor in README.md and docs/*.md must resolve, and the checker must catch a planted
// broken one (a missing file, a missing heading in the same page, a missing heading in another page).
// Links are read with marked's lexer (so a link inside a code block is not a link) and anchors are
// the slugs GitHub gives headings (github-slugger: lower case, punctuation dropped, repeats -1, -2).
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { marked, type Token } from 'marked';
import GithubSlugger from 'github-slugger';

const root = new URL('../../', import.meta.url).pathname;

/** README.md and every docs/*.md, by their path from the repository root. */
function pages(): Map<string, string> {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  return new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
}

/** The plain text of a heading's inline tokens, as GitHub renders it before making the slug. */
function plain(tokens: Token[]): string {
  return tokens
    .map((t) => ('tokens' in t && t.tokens ? plain(t.tokens) : t.type === 'codespan' || t.type === 'text' || t.type === 'escape' ? t.text : ''))
    .join('');
}

function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const out = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (t) => {
    if (t.type === 'heading') out.add(slugger.slug(plain(t.tokens ?? [])));
  });
  return out;
}

function linksOf(markdown: string): string[] {
  const out: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (t) => {
    if (t.type === 'link' || t.type === 'image') out.push(t.href);
  });
  return out;
}

interface Checked {
  links: number;
  anchors: number;
  broken: string[];
}

/** Checks the relative links of `files` (path → Markdown); a Markdown target is read from `files`, else from disk. */
function check(files: Map<string, string>): Checked {
  const anchorCache = new Map<string, Set<string> | null>();
  const anchorsIn = (path: string): Set<string> | null => {
    if (!anchorCache.has(path)) {
      const text = files.get(path) ?? (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null);
      anchorCache.set(path, text === null ? null : anchorsOf(text));
    }
    return anchorCache.get(path)!;
  };
  const result: Checked = { links: 0, anchors: 0, broken: [] };
  for (const [from, text] of files) {
    for (const href of linksOf(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // https:, mailto:…
      result.links++;
      const [rawPath, anchor] = href.split('#', 2);
      const path = rawPath === '' ? from : normalize(rawPath.startsWith('/') ? rawPath.slice(1) : join(dirname(from), decodeURIComponent(rawPath)));
      if (path.startsWith('..')) {
        result.broken.push(`${from}: ${href} leaves the repository`);
        continue;
      }
      if (!files.has(path) && !existsSync(join(root, path))) {
        result.broken.push(`${from}: ${href} (no file ${path})`);
        continue;
      }
      if (anchor === undefined || !path.endsWith('.md')) continue;
      result.anchors++;
      if (!anchorsIn(path)?.has(decodeURIComponent(anchor))) result.broken.push(`${from}: ${href} (no heading #${anchor} in ${path})`);
    }
  }
  return result;
}

describe('documentation links', () => {
  test('every relative link and #anchor in README.md and docs/*.md resolves', () => {
    const found = check(pages());
    expect(found.broken).toEqual([]);
    // Not vacuous: the README's map of the reference is links, some of them to headings.
    expect(found.links).toBeGreaterThan(15);
    expect(found.anchors).toBeGreaterThan(0);
  });

  test('a planted broken link, same-page anchor and cross-page anchor are each reported; code blocks and web links are not links to check', () => {
    const files = pages();
    const readme = files.get('README.md')!;
    files.set(
      'README.md',
      readme +
        '\n\nSee [gone](docs/NO-SUCH-PAGE.md), [here](#no-such-heading), [there](docs/CLI.md#no-such-heading),' +
        ' [fine](docs/CLI.md#commands), [web](https://example.org/x.md#y) and [top](#chunklab).\n\n' +
        '```md\n[in code](docs/NOT-CHECKED.md)\n```\n',
    );
    const found = check(files);
    expect(found.broken).toEqual([
      'README.md: docs/NO-SUCH-PAGE.md (no file docs/NO-SUCH-PAGE.md)',
      'README.md: #no-such-heading (no heading #no-such-heading in README.md)',
      'README.md: docs/CLI.md#no-such-heading (no heading #no-such-heading in docs/CLI.md)',
    ]);
  });

  test('anchors are the slugs GitHub makes: code and punctuation, accents, repeated headings', () => {
    const anchors = anchorsOf('# A\n\n## From the page: `batch`, `serve --stdio`, Ray\n\n## Precision Ω on Chroma\'s corpora\n\n## A\n');
    expect([...anchors]).toEqual(['a', 'from-the-page-batch-serve---stdio-ray', 'precision-ω-on-chromas-corpora', 'a-1']);
  });

  test('the README stays a guide: the two commands exactly, at most 250 lines, at least five reference pages linked from it', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const reference = [...pages().keys()].filter((p) => p.startsWith('docs/') && !['docs/CONTRACT.md', 'docs/STACK.md'].includes(p));
    expect(reference.filter((page) => readme.includes(`](${page}`)).length).toBeGreaterThanOrEqual(5);
  });
});
