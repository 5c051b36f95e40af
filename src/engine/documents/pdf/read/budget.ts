// A bound on what one page costs pdf.js, checked before pdf.js reads the page. pdf.js reads a page's
// content in full, with no limit of its own: Form XObjects that draw each other in a fan-out (X1
// draws X2 twice, X2 draws X3 twice…) make a 6.5 KB file draw 2^29 text runs, days of work; a
// million nested `q` (save) operators cost it quadratic time (50,000 levels: minutes). Here the
// page's content streams, and the forms they paint, are scanned once each: operators counted, the
// forms' counts multiplied by how often they are painted, the nesting of saved states followed
// through the forms. A page past a budget (thresholds.ts PAGE_BUDGET) is not handed to pdf.js: the
// reader leaves it out with a note that names it, and reads the rest of the document.
//
// The scan reads the file's objects itself (the file, and the object streams checkInflatedSizes
// inflated): the page tree from the catalog (inherited /Resources followed), each content stream
// decoded through the filters streams.ts decodes. What it cannot read (an encrypted file, a filter it
// does not decode, a page tree that does not give pdf.js's page count) it leaves to pdf.js unbounded,
// as before.

import { PAGE_BUDGET } from '../thresholds.ts';
import { decodeStream } from './streams.ts';
import type { Inflate } from '../types.ts';

/** What a page's content costs once the forms it paints are expanded. */
export interface PageCost {
  operators: number;
  /** Text-showing operators (Tj, TJ, ', "): the runs pdf.js turns into text items. */
  textRuns: number;
  /** Deepest nesting of saved graphics states (q, and each form painted inside another). */
  depth: number;
  /** Forms painted (each time it is painted: pdf.js reads the form's content again each time). */
  forms: number;
}

type Val = number | string | boolean | null | { ref: number } | { name: string } | Val[] | Map<string, Val>;
const isRef = (v: Val | undefined): v is { ref: number } => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && 'ref' in v;
const isName = (v: Val | undefined): v is { name: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && 'name' in v;
const isDict = (v: Val | undefined): v is Map<string, Val> => v instanceof Map;

const WS = /[\0\t\n\f\r ]/;
const DELIM = /[()<>[\]{}/%]/;

/**
 * A PDF value parsed from `s` at `i` (dictionaries, arrays, names, numbers, references; strings are
 * skipped and given as ''). Deep nesting is cut at 64 levels (no page dictionary needs more).
 */
function parseValue(s: string, i: number, depth = 0): [Val, number] {
  const skip = (k: number) => {
    for (;;) {
      while (k < s.length && WS.test(s[k])) k++;
      if (s[k] !== '%') return k;
      while (k < s.length && s[k] !== '\n' && s[k] !== '\r') k++;
    }
  };
  i = skip(i);
  const c = s[i];
  if (depth > 64) return [null, s.length];
  if (c === '<' && s[i + 1] === '<') {
    const d = new Map<string, Val>();
    i += 2;
    for (;;) {
      i = skip(i);
      if (i >= s.length) return [d, i];
      if (s[i] === '>' && s[i + 1] === '>') return [d, i + 2];
      const [k, ni] = parseValue(s, i, depth + 1);
      if (!isName(k)) return [d, ni > i ? ni : i + 1];
      const [v, vi] = parseValue(s, ni, depth + 1);
      d.set(k.name, v);
      i = vi;
    }
  }
  if (c === '[') {
    const a: Val[] = [];
    i++;
    for (;;) {
      i = skip(i);
      if (i >= s.length) return [a, i];
      if (s[i] === ']') return [a, i + 1];
      const [v, ni] = parseValue(s, i, depth + 1);
      a.push(v);
      i = ni > i ? ni : i + 1;
    }
  }
  if (c === '/') {
    let k = i + 1;
    while (k < s.length && !WS.test(s[k]) && !DELIM.test(s[k])) k++;
    return [{ name: s.slice(i + 1, k) }, k];
  }
  if (c === '(') return ['', skipLiteral(s, i)];
  if (c === '<') {
    const end = s.indexOf('>', i);
    return ['', end < 0 ? s.length : end + 1];
  }
  const num = /^[+-]?(?:\d+\.?\d*|\.\d+)/.exec(s.slice(i, i + 32));
  if (num) {
    // "12 0 R": a reference.
    const ref = /^(\d+)\s+(\d+)\s+R(?![A-Za-z])/.exec(s.slice(i, i + 48));
    if (ref) return [{ ref: Number(ref[1]) }, i + ref[0].length];
    return [Number(num[0]), i + num[0].length];
  }
  let k = i;
  while (k < s.length && !WS.test(s[k]) && !DELIM.test(s[k])) k++;
  const word = s.slice(i, k);
  return [word === 'true' ? true : word === 'false' ? false : null, Math.max(k, i + 1)];
}

/** The index after a literal string opening at `i` (balanced parentheses, backslash escapes). */
function skipLiteral(s: string, i: number): number {
  let depth = 0;
  for (let k = i; k < s.length; k++) {
    const c = s[k];
    if (c === '\\') k++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k + 1;
  }
  return s.length;
}

/** The file's objects by number: where each starts in the file, or its text inside an object stream. */
class Objects {
  private readonly at = new Map<number, number>();
  private readonly packed = new Map<number, string>();
  private readonly cache = new Map<number, Val>();

  constructor(
    private readonly bytes: Uint8Array,
    readonly text: string,
    objectStreams: readonly string[],
    private readonly inflate?: Inflate,
  ) {
    const start = /(?<![0-9])(\d+)\s+\d+\s+obj\b/g;
    let m: RegExpExecArray | null;
    // The last definition of a number wins (incremental updates append new versions).
    while ((m = start.exec(text)) !== null) this.at.set(Number(m[1]), start.lastIndex);
    for (const os of objectStreams) {
      const head = /^\s*((?:\d+\s+\d+\s*)+)/.exec(os);
      if (!head) continue;
      const nums = head[1].trim().split(/\s+/).map(Number);
      for (let i = 0; i + 1 < nums.length; i += 2) {
        const from = head[0].length + nums[i + 1];
        const to = i + 3 < nums.length ? head[0].length + nums[i + 3] : os.length;
        if (!this.at.has(nums[i])) this.packed.set(nums[i], os.slice(from, Math.max(from, to)));
      }
    }
  }

  get(num: number): Val {
    if (this.cache.has(num)) return this.cache.get(num)!;
    const packed = this.packed.get(num);
    const at = this.at.get(num);
    const v = packed !== undefined ? parseValue(packed, 0)[0] : at !== undefined ? parseValue(this.text, at)[0] : null;
    this.cache.set(num, v);
    return v;
  }

  /** `v`, or the object it refers to (one step: PDF does not chain references to references). */
  resolve(v: Val | undefined): Val | undefined {
    return isRef(v) ? this.get(v.ref) : v;
  }

  /** The decoded data of stream object `num`, or null when it is no stream or cannot be decoded here. */
  async stream(num: number): Promise<Uint8Array | null> {
    const at = this.at.get(num);
    if (at === undefined) return null;
    const [dict, end] = parseValue(this.text, at);
    if (!isDict(dict)) return null;
    const kw = /^\s*stream(?:\r\n|\n|\r)/.exec(this.text.slice(end, end + 16));
    if (!kw) return null;
    const dataStart = end + kw[0].length;
    const len = this.resolve(dict.get('Length'));
    let dataEnd = typeof len === 'number' && len >= 0 && dataStart + len <= this.text.length ? dataStart + len : -1;
    if (dataEnd < 0) {
      dataEnd = this.text.indexOf('endstream', dataStart);
      if (dataEnd < 0) return null;
    }
    const f = this.resolve(dict.get('Filter'));
    const filters = (Array.isArray(f) ? f.map((x) => this.resolve(x)) : f === undefined || f === null ? [] : [f]).map((x) => (isName(x) ? x.name : '?'));
    // Latin-1: offsets in the text are offsets in the bytes.
    return decodeStream(this.bytes.subarray(dataStart, dataEnd), filters, this.inflate);
  }
}

/** The page dictionaries in page order (from the catalog's page tree), each with its inherited resources. */
function pageList(objs: Objects): { page: Map<string, Val>; resources: Val | undefined }[] | null {
  const roots = [...objs.text.matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g)];
  if (!roots.length) return null;
  const catalog = objs.get(Number(roots[roots.length - 1][1]));
  if (!isDict(catalog)) return null;
  const out: { page: Map<string, Val>; resources: Val | undefined }[] = [];
  const seen = new Set<Val>();
  const walk = (node: Val | undefined, inherited: Val | undefined, depth: number): boolean => {
    const n = objs.resolve(node);
    if (!isDict(n) || seen.has(n) || depth > 64) return false;
    seen.add(n);
    const resources = n.has('Resources') ? n.get('Resources') : inherited;
    const kids = objs.resolve(n.get('Kids'));
    if (Array.isArray(kids)) {
      for (const k of kids) if (!walk(k, resources, depth + 1)) return false;
      return true;
    }
    out.push({ page: n, resources });
    return true;
  };
  return walk(catalog.get('Pages'), undefined, 0) ? out : null;
}

/** Is this byte a PDF delimiter or whitespace (ends a token)? */
const ENDS = new Uint8Array(256);
for (const c of '\0\t\n\f\r ()<>[]{}/%') ENDS[c.charCodeAt(0)] = 1;

interface Scan extends PageCost {
  /** Forms painted (by resource name, in order), each with the state nesting at the moment it is painted. */
  paints: { name: string; depth: number }[];
}

/**
 * One content stream's operators, text runs and deepest nesting, and the forms it paints (`Do` after
 * a name). Strings, inline images and comments are skipped. Stops counting once past the budget.
 */
function scanContent(d: Uint8Array): Scan {
  const out: Scan = { operators: 0, textRuns: 0, depth: 0, forms: 0, paints: [] };
  let depth = 0;
  let lastName = '';
  let i = 0;
  const n = d.length;
  while (i < n && out.operators <= PAGE_BUDGET.MAX_OPERATORS) {
    const c = d[i];
    if (ENDS[c] && c !== 0x28 && c !== 0x3c && c !== 0x2f && c !== 0x25) {
      i++;
      continue;
    }
    if (c === 0x25) {
      while (i < n && d[i] !== 0x0a && d[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      let level = 0;
      for (; i < n; i++) {
        if (d[i] === 0x5c) i++;
        else if (d[i] === 0x28) level++;
        else if (d[i] === 0x29 && --level === 0) break;
      }
      i++;
    } else if (c === 0x3c) {
      if (d[i + 1] === 0x3c) i += 2;
      else {
        while (i < n && d[i] !== 0x3e) i++;
        i++;
      }
    } else if (c === 0x2f) {
      let k = i + 1;
      while (k < n && !ENDS[d[k]]) k++;
      lastName = String.fromCharCode(...d.subarray(i + 1, Math.min(k, i + 128)));
      i = k;
    } else {
      let k = i;
      while (k < n && !ENDS[d[k]]) k++;
      const len = k - i;
      const c0 = d[i];
      // Numbers and the words true/false/null are operands; anything else is an operator.
      const operand = (c0 >= 0x30 && c0 <= 0x39) || c0 === 0x2b || c0 === 0x2d || c0 === 0x2e || (len === 4 && (c0 === 0x74 || c0 === 0x6e)) || (len === 5 && c0 === 0x66);
      if (!operand) {
        out.operators++;
        if (len === 1 && c0 === 0x71) out.depth = Math.max(out.depth, ++depth);
        else if (len === 1 && c0 === 0x51) depth = Math.max(0, depth - 1);
        else if ((len === 2 && c0 === 0x54 && (d[i + 1] === 0x6a || d[i + 1] === 0x4a)) || (len === 1 && (c0 === 0x27 || c0 === 0x22))) out.textRuns++;
        else if (len === 2 && c0 === 0x44 && d[i + 1] === 0x6f) {
          if (lastName && out.paints.length < PAGE_BUDGET.MAX_OPERATORS) out.paints.push({ name: lastName, depth });
        } else if (len === 2 && c0 === 0x42 && d[i + 1] === 0x49) k = skipInlineImage(d, k);
      }
      i = k;
    }
  }
  return out;
}

/** The index after an inline image's data: past "EI" standing alone after "ID". */
function skipInlineImage(d: Uint8Array, i: number): number {
  for (let k = i; k + 1 < d.length; k++) {
    if (d[k] === 0x45 && d[k + 1] === 0x49 && (k === 0 || ENDS[d[k - 1]]) && (k + 2 >= d.length || ENDS[d[k + 2]])) return k + 2;
  }
  return d.length;
}

const sat = (x: number) => Math.min(x, Number.MAX_SAFE_INTEGER);

/** Page costs of one document, scanned page by page as the reader asks for them. */
export class PageBudget {
  private readonly formCosts = new Map<number, Promise<PageCost>>();
  private constructor(
    private readonly objs: Objects,
    private readonly pages: { page: Map<string, Val>; resources: Val | undefined }[],
  ) {}

  /**
   * The budget of a file whose pages can be scanned here, or null (encrypted, no page tree read,
   * or a page count other than pdf.js's `numPages`).
   */
  static of(bytes: Uint8Array, objectStreams: readonly string[], numPages: number, inflate?: Inflate): PageBudget | null {
    if (typeof DecompressionStream !== 'function') return null;
    const text = new TextDecoder('latin1').decode(bytes);
    if (/\/Encrypt\s/.test(text)) return null;
    const objs = new Objects(bytes, text, objectStreams, inflate);
    const pages = pageList(objs);
    return pages && pages.length === numPages ? new PageBudget(objs, pages) : null;
  }

  /** Page `n`'s cost (1-based), or null when it could not be scanned. */
  async cost(n: number): Promise<PageCost | null> {
    const p = this.pages[n - 1];
    if (!p) return null;
    const contents = this.objs.resolve(p.page.get('Contents'));
    const refs = Array.isArray(contents) ? contents : [p.page.get('Contents')];
    const total: PageCost = { operators: 0, textRuns: 0, depth: 0, forms: 0 };
    for (const r of refs) {
      if (!isRef(r)) continue;
      const data = await this.objs.stream(r.ref);
      if (!data) return null;
      const c = await this.expand(scanContent(data), p.resources, new Set());
      total.operators = sat(total.operators + c.operators);
      total.textRuns = sat(total.textRuns + c.textRuns);
      total.depth = Math.max(total.depth, c.depth);
      total.forms = sat(total.forms + c.forms);
    }
    return total;
  }

  /** What a page past the budget is over, in words; null when it is within it. */
  over(c: PageCost): string | null {
    if (c.operators > PAGE_BUDGET.MAX_OPERATORS) return `its content draws over ${PAGE_BUDGET.MAX_OPERATORS.toLocaleString('en')} operators (forms counted each time they are painted)`;
    if (c.textRuns > PAGE_BUDGET.MAX_TEXT_RUNS) return `its content draws over ${PAGE_BUDGET.MAX_TEXT_RUNS.toLocaleString('en')} runs of text`;
    if (c.forms > PAGE_BUDGET.MAX_FORMS) return `it paints forms (Form XObjects) over ${PAGE_BUDGET.MAX_FORMS.toLocaleString('en')} times`;
    if (c.depth > PAGE_BUDGET.MAX_SAVE_DEPTH) return `its content nests graphics states ${c.depth.toLocaleString('en')} levels deep (the limit is ${PAGE_BUDGET.MAX_SAVE_DEPTH})`;
    return null;
  }

  /** A scan with the forms it paints added in, each as often as it is painted. */
  private async expand(s: Scan, resources: Val | undefined, painting: Set<number>): Promise<PageCost> {
    const out: PageCost = { operators: s.operators, textRuns: s.textRuns, depth: s.depth, forms: 0 };
    const xobjects = this.objs.resolve(isDict(this.objs.resolve(resources)) ? (this.objs.resolve(resources) as Map<string, Val>).get('XObject') : undefined);
    for (const p of s.paints) {
      if (out.operators > PAGE_BUDGET.MAX_OPERATORS || out.forms > PAGE_BUDGET.MAX_FORMS) break;
      const ref = isDict(xobjects) ? xobjects.get(p.name) : undefined;
      if (!isRef(ref) || painting.has(ref.ref)) continue; // no such form, or one painting itself (pdf.js stops those)
      const c = await this.form(ref.ref, resources, painting);
      if (!c) continue;
      out.operators = sat(out.operators + c.operators);
      out.textRuns = sat(out.textRuns + c.textRuns);
      out.forms = sat(out.forms + 1 + c.forms);
      // pdf.js saves the state around each form it paints.
      out.depth = Math.max(out.depth, p.depth + 1 + c.depth);
    }
    return out;
  }

  /** The cost of painting form `num` once (its own forms included); null for an image or no stream. */
  private form(num: number, parentResources: Val | undefined, painting: Set<number>): Promise<PageCost | null> {
    const dict = this.objs.get(num);
    if (!isDict(dict) || !isName(dict.get('Subtype')) || (dict.get('Subtype') as { name: string }).name !== 'Form') return Promise.resolve(null);
    // Forms painted inside forms this deep: past the nesting budget whatever they hold.
    if (painting.size > PAGE_BUDGET.MAX_SAVE_DEPTH) return Promise.resolve({ operators: 0, textRuns: 0, depth: PAGE_BUDGET.MAX_SAVE_DEPTH + 1, forms: 0 });
    let known = this.formCosts.get(num);
    if (!known) {
      known = (async () => {
        const data = await this.objs.stream(num);
        if (!data) return { operators: 0, textRuns: 0, depth: 0, forms: 0 };
        // A form without resources uses its parent's (as pdf.js does).
        const res = dict.has('Resources') ? dict.get('Resources') : parentResources;
        return this.expand(scanContent(data), res, new Set([...painting, num]));
      })();
      this.formCosts.set(num, known);
    }
    return known;
  }
}
