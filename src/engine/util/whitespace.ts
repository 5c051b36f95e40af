// Whitespace trimming in linear time. Regular expressions such as /\s+$/ or /[ \t]+$/gm look simple
// but retry the match at every position of a long run of blanks that is not at the end, which is
// quadratic: 100 KB of spaces in a document took tens of seconds. These loops look at each
// character at most twice.

/** Space or tab. */
const isBlank = (c: number) => c === 32 || c === 9;

/** `text` (line breaks already "\n") with spaces and tabs removed at the end of every line; as /[ \t]+$/gm. */
export function trimLineEnds(text: string): string {
  const parts: string[] = [];
  let from = 0;
  while (from <= text.length) {
    let nl = text.indexOf('\n', from);
    if (nl < 0) nl = text.length;
    let end = nl;
    while (end > from && isBlank(text.charCodeAt(end - 1))) end--;
    parts.push(text.slice(from, end));
    from = nl + 1;
  }
  return parts.join('\n');
}

/** `text` without leading "\n" characters and without trailing whitespace; as .replace(/^\n+|\s+$/g, ''). */
export function trimCodeBlock(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 10) start++;
  return text.slice(start).trimEnd();
}

/** `text` without spaces and tabs at its end; as .replace(/[ \t]+$/, ''). */
export function trimBlanksEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}
