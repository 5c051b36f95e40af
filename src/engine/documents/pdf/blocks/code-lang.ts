// The language of a PDF's code blocks, where the document itself says it (issue 33: PDF code fences
// lost their language). A PDF does not record it: no producer writes the language of a listing into
// the file (tags have a Code role, not a language). What can be known honestly is what the text
// states:
//   - the block's own markers: a Markdown fence printed as text ("```python" over the code, "```"
//     under it: the fence lines are taken out), a shebang ("#!/usr/bin/env python3"), "<?php",
//     "<?xml";
//   - a label line just before it that names one language ("Listing 2: a Bash script",
//     "Example in Python:", "The request (JSON):"), or a caption just after it ("Listing 3: …").
// Nothing is guessed from what the code looks like.

import type { PBlock } from '../types.ts';

/** Languages by the names a document calls them, to the fence's info string (GitHub's names). */
const NAMES: [RegExp, string][] = [
  [/\bpython\d?\b/i, 'python'],
  [/\bjavascript\b|\bnode\.?js\b/i, 'javascript'],
  [/\btypescript\b/i, 'typescript'],
  [/\bjson\b/i, 'json'],
  [/\bya?ml\b/i, 'yaml'],
  [/\btoml\b/i, 'toml'],
  [/\bbash\b|\bshell\b|\bzsh\b/i, 'bash'],
  [/\bpowershell\b/i, 'powershell'],
  [/\bsql\b|\bpostgresql\b|\bsqlite\b|\bmysql\b/i, 'sql'],
  [/\bjava\b(?!\s*script)/i, 'java'],
  [/\bkotlin\b/i, 'kotlin'],
  [/\bc\+\+/i, 'cpp'],
  [/\bc#/i, 'csharp'],
  [/\bgolang\b|\bgo\s+(?:code|program|source)\b|\bin\s+go\b/i, 'go'],
  [/\brust\b/i, 'rust'],
  [/\bruby\b/i, 'ruby'],
  [/\bphp\b/i, 'php'],
  [/\bhtml\b/i, 'html'],
  [/\bcss\b/i, 'css'],
  [/\bxml\b/i, 'xml'],
  [/\bswift\b/i, 'swift'],
  [/\bdockerfile\b/i, 'dockerfile'],
];
const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*([A-Za-z][\w+#.-]*)\s*$/;
const SHEBANG: [RegExp, string][] = [
  [/^#!.*\bpython\d?(?:\.\d+)?\b/, 'python'],
  [/^#!.*\b(?:ba|z)?sh\b/, 'bash'],
  [/^#!.*\bnode\b/, 'javascript'],
  [/^#!.*\bruby\b/, 'ruby'],
  [/^<\?php\b/, 'php'],
  [/^<\?xml\b/, 'xml'],
];
/** A label line: short, and either ends with a colon or opens as a listing's or example's caption. */
const LABEL = /^(?:listing|listagem|example|exemplo|code|código|snippet|program|programa)\b/i;
const CAPTION_AFTER = /^(?:listing|listagem)\s+\d/i;
const MAX_LABEL_WORDS = 14;

/** The one language a label names, or undefined (none, or several). */
export function namedLanguage(label: string): string | undefined {
  const found = new Set(NAMES.filter(([re]) => re.test(label)).map(([, name]) => name));
  return found.size === 1 ? [...found][0] : undefined;
}

const isLabel = (b: PBlock | undefined, after: boolean): b is PBlock & { kind: 'paragraph' } => {
  if (!b || b.kind !== 'paragraph') return false;
  const t = b.text.trim();
  if (t.split(/\s+/).length > MAX_LABEL_WORDS) return false;
  return after ? CAPTION_AFTER.test(t) : LABEL.test(t) || /:$/.test(t);
};

/** The block's own markers: a printed fence (taken out) or a first line that declares the language. */
function ownMarkers(lines: string[]): { lang: string; lines: string[] } | undefined {
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return undefined;
  const open = FENCE_OPEN.exec(lines[first]);
  if (open) {
    let last = lines.length - 1;
    while (last > first && !lines[last].trim()) last--;
    const closes = last > first && lines[last].trim().startsWith(open[1]) && lines[last].trim().replace(/[`~]/g, '') === '';
    return { lang: open[2].toLowerCase(), lines: lines.slice(first + 1, closes ? last : undefined) };
  }
  const line = lines[first].trim();
  const hit = SHEBANG.find(([re]) => re.test(line));
  return hit ? { lang: hit[1], lines } : undefined;
}

/** Code blocks with the language the document states for them (see the head of this file). */
export function codeLanguages(blocks: PBlock[]): PBlock[] {
  return blocks.map((b, i) => {
    if (b.kind !== 'code' || b.lang) return b;
    const own = ownMarkers(b.lines);
    if (own) return { ...b, lines: own.lines, lang: own.lang };
    const before = blocks[i - 1];
    const after = blocks[i + 1];
    const lang = (isLabel(before, false) && before.page === b.page ? namedLanguage(before.text) : undefined) ?? (isLabel(after, true) ? namedLanguage(after.text) : undefined);
    return lang ? { ...b, lang } : b;
  });
}
