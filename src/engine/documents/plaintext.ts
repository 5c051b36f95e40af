// Plain text → blocks. Paragraphs are runs of lines between blank lines. Conservative extras:
// a paragraph that is one short ALL-CAPS line, or a line underlined with ==== / ----, is a heading;
// a line of only ---, *** or ___ is a rule; lines starting with "-", "*", "+", "•", "1." or "1)"
// become list items (indentation gives the level; unmarked lines continue the item above).

import { pushParagraphRuns, type RawBlock } from './text-utils.ts';

const LIST = /^([ \t]*)(?:[-*+•]|\d{1,3}[.)])[ \t]+\S/;
const UNDERLINE = /^[ \t]*(=+|-+)[ \t]*$/;
const RULE = /^[ \t]*(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

interface Line {
  start: number;
  end: number;
  text: string;
}

export function parsePlainText(text: string): RawBlock[] {
  const out: RawBlock[] = [];
  pushParagraphRuns(text, 0, text.length, (s, e) => paragraph(text, s, e, out));
  return out;
}

function splitLines(text: string, s: number, e: number): Line[] {
  const lines: Line[] = [];
  let i = s;
  while (i <= e) {
    let j = i;
    while (j < e && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
    lines.push({ start: i, end: j, text: text.slice(i, j) });
    if (j >= e) break;
    i = text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10 ? j + 2 : j + 1;
  }
  return lines;
}

function isCapsHeading(line: string): boolean {
  const t = line.trim();
  if (t.length < 2 || t.length > 80) return false;
  if (/[.,;:!?]$/.test(t)) return false;
  if (/\p{Ll}/u.test(t)) return false;
  return (t.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}

function paragraph(text: string, s: number, e: number, out: RawBlock[]): void {
  // A run that is one long line needs no line split: the common case of huge single-line inputs.
  const lines = splitLines(text, s, e);
  if (lines.length === 1) {
    const t = lines[0].text;
    if (RULE.test(t)) out.push({ kind: 'rule', start: s, end: e });
    else if (isCapsHeading(t)) out.push({ kind: 'heading', start: s, end: e, level: 1, title: t.trim() });
    else if (LIST.test(t)) out.push({ kind: 'list-item', start: s, end: e, level: 1 });
    else out.push({ kind: 'paragraph', start: s, end: e });
    return;
  }
  if (lines.length === 2 && !LIST.test(lines[0].text) && UNDERLINE.exec(lines[1].text)?.[1].length! >= 3) {
    const level = lines[1].text.trim()[0] === '=' ? 1 : 2;
    out.push({ kind: 'heading', start: s, end: e, level, title: lines[0].text.trim() });
    return;
  }
  if (!lines.some((l) => LIST.test(l.text))) {
    out.push({ kind: 'paragraph', start: s, end: e });
    return;
  }
  // Lines before the first marker are a paragraph; each marker line starts an item.
  const indents: number[] = [];
  let cur: RawBlock | null = null;
  for (const l of lines) {
    const m = LIST.exec(l.text);
    if (m) {
      const indent = m[1].replace(/\t/g, '    ').length;
      while (indents.length && indents[indents.length - 1] > indent) indents.pop();
      if (!indents.length || indents[indents.length - 1] < indent) indents.push(indent);
      if (cur) out.push(cur);
      cur = { kind: 'list-item', start: l.start, end: l.end, level: indents.length };
    } else if (cur) {
      cur.end = l.end;
    } else {
      cur = { kind: 'paragraph', start: l.start, end: l.end };
    }
  }
  if (cur) out.push(cur);
}
