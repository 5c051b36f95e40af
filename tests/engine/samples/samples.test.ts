// Checks the two built-in sample corpora (public/samples/pt-BR and public/samples/en): the
// chunklab-folder and chunklab-questions shapes, that every labelled phrase occurs exactly once in
// its document, that filters and tags mean what they say, and that the Markdown is well formed.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const SAMPLES = fileURLToPath(new URL('../../../public/samples/', import.meta.url));

const TAGS = ['twin', 'table', 'code', 'cross-ref', 'pronoun', 'version', 'list', 'heading'] as const;
type Tag = (typeof TAGS)[number];

interface DocEntry {
  id: string;
  file: string;
  title: string;
  version: string;
  date: string;
  meta: Record<string, string>;
}
interface PhraseRef {
  docId: string;
  phrase: string;
}
interface QuestionEntry extends PhraseRef {
  id: string;
  text: string;
  notRelevant?: PhraseRef[];
  filter?: Record<string, string>;
  tags: Tag[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** Every occurrence of `needle` in `hay` (overlapping ones included). */
function occurrences(hay: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) at.push(i);
  return at;
}

/** The line of `text` that contains offset `at`. */
function lineAt(text: string, at: number): { start: number; line: string } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at);
  return { start, line: text.slice(start, nl === -1 ? text.length : nl) };
}

const FENCE = /^\s*(```|~~~)/;

/** Line numbers (0-based) that lie inside fenced code blocks, fences excluded; throws on an unclosed fence. */
function codeLines(lines: string[], where: string): Set<number> {
  const inside = new Set<number>();
  let open: string | null = null;
  lines.forEach((l, i) => {
    const m = FENCE.exec(l);
    if (m) {
      if (open === null) open = m[1]!;
      else if (m[1] === open && l.trim() === open) open = null;
      else inside.add(i);
    } else if (open !== null) inside.add(i);
  });
  if (open !== null) throw new Error(`${where}: unclosed code fence`);
  return inside;
}

const words = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** The body of the section holding offset `at`: from the heading before it to the next heading. */
function sectionAt(text: string, at: number, code: Set<number>): { heading: string; body: string } {
  const lines = text.split('\n');
  let offset = 0;
  let lineNo = 0;
  for (; lineNo < lines.length; lineNo++) {
    if (offset + lines[lineNo]!.length >= at) break;
    offset += lines[lineNo]!.length + 1;
  }
  const isHeading = (i: number) => !code.has(i) && /^#{1,6}\s/.test(lines[i]!);
  let h = lineNo;
  while (h >= 0 && !isHeading(h)) h--;
  let end = lineNo + 1;
  while (end < lines.length && !isHeading(end)) end++;
  return { heading: h >= 0 ? lines[h]! : '', body: lines.slice(h + 1, end).join('\n') };
}

const PRONOUNS = new Set(
  [
    'ele', 'ela', 'eles', 'elas', 'esse', 'essa', 'esses', 'essas', 'isso', 'este', 'esta', 'isto', 'a', 'o', 'lo', 'la',
    'it', 'they', 'this', 'that', 'these', 'those', 'he', 'she', 'them',
  ],
);

const LANGS = [
  { folder: 'pt-BR', language: 'pt', ref: /\bseç(?:ão|ões)\s+(\d+(?:\.\d+)*)/g },
  { folder: 'en', language: 'en', ref: /\bsections?\s+(\d+(?:\.\d+)*)/g },
] as const;

for (const lang of LANGS) {
  describe(`sample corpus ${lang.folder}`, () => {
    const dir = `${SAMPLES}${lang.folder}/`;
    const manifest = JSON.parse(readFileSync(`${dir}documents.json`, 'utf8')) as Record<string, unknown>;
    const qfile = JSON.parse(readFileSync(`${dir}questions.json`, 'utf8')) as Record<string, unknown>;
    const docs = (Array.isArray(manifest.documents) ? manifest.documents : []) as DocEntry[];
    const questions = (Array.isArray(qfile.questions) ? qfile.questions : []) as QuestionEntry[];
    const texts = new Map<string, string>();
    for (const d of docs) {
      if (isStr(d?.file) && existsSync(dir + d.file)) texts.set(d.id, readFileSync(dir + d.file, 'utf8'));
    }

    test('documents.json has the chunklab-folder shape', () => {
      expect(manifest.format).toBe('chunklab-folder');
      expect(manifest.version).toBe(1);
      expect(isStr(manifest.name)).toBe(true);
      expect(manifest.language).toBe(lang.language);
      expect(docs.length).toBeGreaterThanOrEqual(8);
      for (const d of docs) {
        const where = `documents.json, ${JSON.stringify(d?.id)}`;
        expect(isObj(d), where).toBe(true);
        expect(d.id, where).toMatch(/^[a-z0-9][a-z0-9-]*$/);
        expect(d.file, where).toBe(`docs/${d.id}.md`);
        expect(isStr(d.title) && isStr(d.version), where).toBe(true);
        expect(d.date, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${d.date}T00:00:00Z`).toISOString().slice(0, 10), where).toBe(d.date);
        expect(isObj(d.meta), where).toBe(true);
        expect(isStr(d.meta.tenant) && isStr(d.meta.product), where).toBe(true);
        for (const v of Object.values(d.meta)) expect(typeof v, where).toBe('string');
      }
      const ids = docs.map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    test('every document file exists, is non-empty and has a sensible length', () => {
      let total = 0;
      for (const d of docs) {
        expect(existsSync(dir + d.file), d.file).toBe(true);
        const text = texts.get(d.id) ?? '';
        const n = words(text);
        expect(n, `${d.file} has ${n} words`).toBeGreaterThanOrEqual(600);
        expect(n, `${d.file} has ${n} words`).toBeLessThanOrEqual(2500);
        total += n;
      }
      expect(total).toBeGreaterThanOrEqual(8000);
      expect(total).toBeLessThanOrEqual(15000);
    });

    test('the Markdown is well formed: one title, closed fences, complete tables, several heading levels', () => {
      const levels = new Set<number>();
      let tables = 0;
      let fences = 0;
      for (const d of docs) {
        const text = texts.get(d.id)!;
        expect(text.includes('\r'), d.file).toBe(false);
        const lines = text.split('\n');
        const code = codeLines(lines, d.file);
        fences += lines.filter((l) => FENCE.test(l)).length / 2;
        const headings = lines.filter((l, i) => !code.has(i) && /^#{1,6}\s+\S/.test(l));
        for (const h of headings) levels.add(h.indexOf(' '));
        expect(headings.filter((h) => h.startsWith('# ')).length, `${d.file}: H1 count`).toBe(1);
        expect(lines[0]!.startsWith('# '), `${d.file}: starts with its title`).toBe(true);
        // Tables: runs of lines starting with "|", each a header, a delimiter and body rows of equal width.
        for (let i = 0; i < lines.length; i++) {
          if (code.has(i) || !lines[i]!.trimStart().startsWith('|')) continue;
          let j = i;
          while (j < lines.length && lines[j]!.trimStart().startsWith('|')) j++;
          const rows = lines.slice(i, j);
          const where = `${d.file}, table at line ${i + 1}`;
          expect(rows.length, where).toBeGreaterThanOrEqual(3);
          const width = cells(rows[0]!).length;
          expect(width, where).toBeGreaterThanOrEqual(2);
          expect(cells(rows[1]!).every((c) => /^:?-{3,}:?$/.test(c)), `${where}: delimiter row`).toBe(true);
          for (const r of rows) expect(cells(r).length, `${where}: ${r}`).toBe(width);
          expect(i === 0 || lines[i - 1]!.trim() === '', `${where}: blank line before`).toBe(true);
          tables++;
          i = j;
        }
      }
      expect([...levels].sort()).toEqual(expect.arrayContaining([1, 2, 3]));
      expect(tables).toBeGreaterThanOrEqual(3);
      expect(fences).toBeGreaterThanOrEqual(2);
      // At least one table with a header row and 8 or more body rows, and one long code block.
      const all = docs.map((d) => texts.get(d.id)!).join('\n\n');
      const longTable = all.split(/\n(?!\|)/).some((block) => block.split('\n').filter((l) => l.startsWith('|')).length >= 10);
      expect(longTable).toBe(true);
      const blocks = all.split(/^```.*$/m).filter((_, k) => k % 2 === 1);
      expect(Math.max(...blocks.map((b) => b.split('\n').length))).toBeGreaterThanOrEqual(40);
    });

    test('questions.json has the chunklab-questions shape and unique ids', () => {
      expect(qfile.format).toBe('chunklab-questions');
      expect(qfile.version).toBe(1);
      expect(questions.length).toBeGreaterThanOrEqual(40);
      const ids = questions.map((q) => q.id);
      expect(new Set(ids).size).toBe(ids.length);
      const textsSeen = questions.map((q) => q.text);
      expect(new Set(textsSeen).size).toBe(textsSeen.length);
      for (const q of questions) {
        const where = `questions.json, ${JSON.stringify(q?.id)}`;
        expect(isObj(q), where).toBe(true);
        expect(q.id, where).toMatch(/^q\d{2,}$/);
        expect(isStr(q.text) && q.text.trim().endsWith('?'), `${where}: text is a question`).toBe(true);
        expect(isStr(q.docId) && isStr(q.phrase), where).toBe(true);
        expect(Array.isArray(q.tags), where).toBe(true);
        for (const t of q.tags) expect(TAGS, `${where}: tag ${t}`).toContain(t);
        if (q.notRelevant !== undefined) {
          expect(Array.isArray(q.notRelevant) && q.notRelevant.length > 0, where).toBe(true);
          for (const n of q.notRelevant) expect(isStr(n.docId) && isStr(n.phrase), where).toBe(true);
        }
        if (q.filter !== undefined) {
          expect(isObj(q.filter) && Object.keys(q.filter).length > 0, where).toBe(true);
          for (const v of Object.values(q.filter)) expect(typeof v, where).toBe('string');
        }
      }
    });

    test('every phrase and look-alike phrase occurs exactly once, on one line, in an existing document', () => {
      for (const q of questions) {
        const refs: Array<PhraseRef & { role: string }> = [
          { docId: q.docId, phrase: q.phrase, role: 'phrase' },
          ...(q.notRelevant ?? []).map((n, k) => ({ ...n, role: `notRelevant[${k}]` })),
        ];
        const spots = new Map<string, number[]>();
        for (const r of refs) {
          const where = `${q.id} ${r.role} in ${r.docId}: ${JSON.stringify(r.phrase)}`;
          expect(texts.has(r.docId), `${where}: unknown docId`).toBe(true);
          expect(r.phrase, where).toBe(r.phrase.trim());
          expect(r.phrase.length, where).toBeGreaterThanOrEqual(8);
          expect(r.phrase.includes('\n'), where).toBe(false);
          const at = occurrences(texts.get(r.docId)!, r.phrase);
          expect(at.length, where).toBe(1);
          // Gold and look-alike passages must resolve to different units: a table row, list item or
          // code line holds at most one of them; in a paragraph a sentence end must separate them.
          const doc = texts.get(r.docId)!;
          const { start, line } = lineAt(doc, at[0]!);
          for (const other of spots.get(`${r.docId}:${start}`) ?? []) {
            const [a, b] = other < at[0]! ? [other, at[0]!] : [at[0]!, other];
            const paragraph = !/^\s*(?:\||[-*+]\s|\d+\.\s)/.test(line);
            expect(paragraph && /[.!?]\s+\p{Lu}/u.test(doc.slice(a, b + 1)), `${where}: same unit as another phrase`).toBe(true);
          }
          spots.set(`${r.docId}:${start}`, [...(spots.get(`${r.docId}:${start}`) ?? []), at[0]!]);
        }
        // A paraphrase, not a copy: the question must not contain its key phrase.
        expect(q.text.toLowerCase().includes(q.phrase.toLowerCase()), `${q.id} copies its phrase`).toBe(false);
      }
    });

    test('every document is asked about at least once', () => {
      const asked = new Set(questions.map((q) => q.docId));
      for (const d of docs) expect(asked.has(d.id), d.id).toBe(true);
    });

    test('filters use metadata keys that exist, keep the question\u2019s document and exclude some other', () => {
      const metaOf = (d: DocEntry): Record<string, string> => ({
        ...d.meta,
        title: d.title,
        version: d.version,
        date: d.date,
        language: lang.language,
      });
      const keys = new Set(docs.flatMap((d) => Object.keys(metaOf(d))));
      const byId = new Map(docs.map((d) => [d.id, d]));
      for (const q of questions.filter((x) => x.filter)) {
        const accepts = (d: DocEntry) => Object.entries(q.filter!).every(([k, v]) => metaOf(d)[k] === v);
        for (const k of Object.keys(q.filter!)) expect(keys.has(k), `${q.id}: filter key ${k}`).toBe(true);
        expect(accepts(byId.get(q.docId)!), `${q.id}: the filter excludes the answer`).toBe(true);
        expect(docs.some((d) => !accepts(d)), `${q.id}: the filter excludes nothing`).toBe(true);
        expect(q.tags, q.id).toContain('version');
      }
    });

    test('coverage: enough twin, table, code, pronoun, version-filtered and other questions', () => {
      const count = (t: Tag) => questions.filter((q) => q.tags.includes(t)).length;
      expect(count('twin')).toBeGreaterThanOrEqual(3);
      expect(count('table')).toBeGreaterThanOrEqual(2);
      expect(count('code')).toBeGreaterThanOrEqual(2);
      expect(count('pronoun')).toBeGreaterThanOrEqual(2);
      expect(questions.filter((q) => q.filter).length).toBeGreaterThanOrEqual(2);
      expect(count('list')).toBeGreaterThanOrEqual(2);
      expect(count('cross-ref')).toBeGreaterThanOrEqual(2);
      expect(count('heading')).toBeGreaterThanOrEqual(2);
      // Twin questions point at each other: a look-alike passage is the gold phrase of another question
      // (or the same sentence in the other version of the document) at least once per language.
      const gold = new Set(questions.map((q) => `${q.docId}|${q.phrase}`));
      const mutual = questions.filter((q) => (q.notRelevant ?? []).some((n) => gold.has(`${n.docId}|${n.phrase}`)));
      expect(mutual.length).toBeGreaterThanOrEqual(3);
    });

    test('tags describe where the answer really is', () => {
      for (const q of questions) {
        const text = texts.get(q.docId)!;
        const at = text.indexOf(q.phrase);
        const lines = text.split('\n');
        const code = codeLines(lines, q.docId);
        const { start, line } = lineAt(text, at);
        const lineNo = text.slice(0, start).split('\n').length - 1;
        const where = `${q.id} (${q.tags.join(', ')}): ${line}`;
        const section = sectionAt(text, at, code);
        const isTwin = q.tags.includes('twin');
        expect(isTwin, `${q.id}: twin iff notRelevant`).toBe(q.notRelevant !== undefined);
        expect(q.tags.includes('version'), `${q.id}: version iff filter`).toBe(q.filter !== undefined);
        if (q.tags.includes('code')) expect(code.has(lineNo), where).toBe(true);
        else expect(code.has(lineNo), `${where}: answer is in code but not tagged`).toBe(false);
        if (q.tags.includes('table')) {
          expect(line.trimStart().startsWith('|'), where).toBe(true);
          // A body row: the previous lines hold the header and the delimiter.
          expect(lines[lineNo - 1]!.startsWith('|') && lineNo >= 2 && lines[lineNo - 2]!.startsWith('|'), where).toBe(true);
          expect(cells(line).every((c) => /^:?-{3,}:?$/.test(c)), where).toBe(false);
        }
        if (q.tags.includes('list')) expect(/^\s*(?:[-*+]|\d+\.)\s/.test(line), where).toBe(true);
        if (q.tags.includes('heading')) {
          expect(words(section.body), `${where}: section body is not short`).toBeLessThanOrEqual(70);
        }
        if (q.tags.includes('pronoun')) {
          const first = q.phrase
            .toLowerCase()
            .split(/[^\p{L}]+/u)
            .filter(Boolean)
            .slice(0, 3);
          expect(first.some((w) => PRONOUNS.has(w)), `${where}: no pronoun at the start`).toBe(true);
          // The referent comes before: in the same paragraph, or in the heading of a short section.
          const before = text.slice(start, at).trim();
          expect(before.length > 0 || q.tags.includes('heading'), `${where}: nothing before the pronoun`).toBe(true);
        }
        if (q.tags.includes('cross-ref')) {
          const refsInLine = [...line.matchAll(lang.ref)].length > 0;
          const num = /^#+\s+(\d+(?:\.\d+)*)/.exec(section.heading)?.[1];
          const referred = num !== undefined && [...text.matchAll(lang.ref)].some((m) => m[1] === num);
          expect(refsInLine || referred, `${where}: no cross-reference leads here or from here`).toBe(true);
        }
      }
    });

    test('the two versions of the versioned document share their structure and differ in content', () => {
      const versioned = new Map<string, DocEntry[]>();
      for (const d of docs) {
        const key = `${d.meta.tenant}|${d.meta.product}|${d.id.replace(/-v\d+$/, '')}`;
        versioned.set(key, [...(versioned.get(key) ?? []), d]);
      }
      const pairs = [...versioned.values()].filter((g) => g.length === 2);
      expect(pairs.length).toBeGreaterThanOrEqual(1);
      for (const [a, b] of pairs) {
        expect(a!.version).not.toBe(b!.version);
        // Same outline; a heading may name the document's own version ("What changed in version 4.0").
        const headingsOf = (d: DocEntry) =>
          texts
            .get(d.id)!
            .split('\n')
            .filter((l) => /^#{2,6}\s/.test(l))
            .map((l) => l.replace(/\d+\.\d+/g, 'N'));
        expect(headingsOf(a!)).toEqual(headingsOf(b!));
        const la = texts.get(a!.id)!.split('\n');
        const lb = texts.get(b!.id)!.split('\n');
        const differing = la.filter((l, i) => l !== lb[i]).length;
        expect(differing).toBeGreaterThanOrEqual(5);
      }
    });
  });
}
