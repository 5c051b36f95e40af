// A bound on what a PDF's compressed streams inflate to, checked before pdf.js reads the file.
// pdf.js inflates every stream it needs whole, with no limit: a content stream compressed twice
// (/Filter [/FlateDecode /FlateDecode]) turns 8 KB into 4 GB of spaces and takes the page or the
// CLI down with it. Here each stream's leading chain of Flate filters is inflated as a stream,
// counting bytes and discarding them, and stopped at the limit; memory stays at a few buffers. A
// Flate after a filter not decoded here (LZW, RunLength) cannot be bounded: that stream is refused.
// Uses the platform's DecompressionStream (browsers, workers, Node 18+): no dependency.

import { InputError } from '../../../types.ts';
import type { Inflate } from '../types.ts';

/** Largest a stream other than an image may inflate to (content streams, fonts): 64 MiB of operators is already absurd. */
export const MAX_INFLATED_STREAM = 64 * 1024 * 1024;
/** Largest an image stream may inflate to (a 6,000 × 6,000 RGB image is 103 MiB). */
export const MAX_INFLATED_IMAGE = 256 * 1024 * 1024;
/** Largest all the file's streams may inflate to together. */
export const MAX_INFLATED_TOTAL = 1024 * 1024 * 1024;
/**
 * Largest image (in pixels) pdf.js is let decode: the reader passes it as pdf.js's maxImageSize
 * (pdf.ts), so a larger image's stream is never read, and is not inflated here either (images are
 * most of a file's bytes). One-pixel images stay (pdf.js turns one-pixel masks into solid fills).
 */
export const MAX_IMAGE_PIXELS = 1;

const MIB = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;

/** The filters decoded here: Flate, and the ASCII encodings that may wrap it (they only shrink). */
type Filter = 'flate' | 'hex' | 'a85';
const DECODED: Record<string, Filter> = { '/FlateDecode': 'flate', '/Fl': 'flate', '/ASCIIHexDecode': 'hex', '/AHx': 'hex', '/ASCII85Decode': 'a85', '/A85': 'a85' };

interface FoundStream {
  /** "12 0" from "12 0 obj", for the message. */
  object: string;
  flates: number;
  /** The chain's leading filters decoded here, up to its last Flate ([/AHx /Fl /Fl] is checked too). */
  filters: Filter[];
  image: boolean;
  /** An image's /Width × /Height, when both are written as numbers in its dictionary. */
  pixels?: number;
  /**
   * A filter not decoded here (LZWDecode, RunLengthDecode, …) that a Flate filter follows in the
   * chain, e.g. "/LZWDecode" in [/LZWDecode /FlateDecode]: that Flate cannot be bounded, so the
   * stream is refused.
   */
  unchecked?: string;
  /** An object stream (/Type /ObjStm): its inflated text is kept for the outline check. */
  objects: boolean;
  data: Uint8Array;
  /** Bytes from the data's start to the next "endstream" (or the file's end): what a reader that distrusts /Length may take as the data. */
  span: number;
}

/** The streams whose first filters are Flate, with how many Flate filters lead their chain. */
export function flateStreams(bytes: Uint8Array): FoundStream[] {
  // Latin-1: one character per byte, so offsets in the string are offsets in the bytes.
  const text = new TextDecoder('latin1').decode(bytes);
  const out: FoundStream[] = [];
  const keyword = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
  let m: RegExpExecArray | null;
  while ((m = keyword.exec(text)) !== null) {
    const at = m.index;
    const dataStart = at + m[0].length;
    const head = text.slice(Math.max(0, at - 4096), at);
    const obj = head.lastIndexOf('obj');
    const dict = obj >= 0 ? head.slice(obj) : head;
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
    if (!filter) continue;
    const names = filter[1].match(/\/[A-Za-z0-9]+/g) ?? [];
    const filters: Filter[] = [];
    let unchecked: string | undefined;
    for (let i = 0; i < names.length; i++) {
      const n = names[i];
      if (DECODED[n]) {
        filters.push(DECODED[n]);
        continue;
      }
      // Decoding stops here; a Flate further on would inflate with no bound.
      if (names.slice(i + 1).some((x) => DECODED[x] === 'flate')) unchecked = n;
      break;
    }
    filters.length = filters.lastIndexOf('flate') + 1;
    const flates = filters.filter((f) => f === 'flate').length;
    if (!flates && !unchecked) continue;
    const objName = /(\d+\s+\d+)\s+obj\s*$/.exec(head.slice(0, obj + 3))?.[1]?.replace(/\s+/, ' ') ?? '?';
    // /Length when it is a number (not an indirect reference), else up to "endstream".
    const len = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = len ? dataStart + Number(len[1]) : -1;
    if (end < dataStart || end > bytes.length) {
      end = text.indexOf('endstream', dataStart);
      if (end < 0) end = bytes.length;
    }
    const next = text.indexOf('endstream', dataStart);
    const span = (next < 0 ? bytes.length : next) - dataStart;
    const image = /\/Subtype\s*\/Image\b/.test(dict);
    const w = image ? /\/Width\s+(\d+)(?!\s+\d+\s+R)/.exec(dict) : null;
    const h = image ? /\/Height\s+(\d+)(?!\s+\d+\s+R)/.exec(dict) : null;
    const pixels = w && h ? Number(w[1]) * Number(h[1]) : undefined;
    out.push({ object: objName, flates, filters, ...(unchecked ? { unchecked } : {}), image, ...(pixels !== undefined ? { pixels } : {}), objects: /\/Type\s*\/ObjStm\b/.test(dict), data: bytes.subarray(dataStart, end), span: Math.max(span, end - dataStart) });
    keyword.lastIndex = Math.max(keyword.lastIndex, end);
  }
  return out;
}

class Over extends Error {}

/** ASCIIHexDecode as a stream: pairs of hex digits, whitespace ignored, ">" ends it, an odd last digit padded with 0. */
function hexDecoder(): TransformStream<Uint8Array, Uint8Array> {
  let high = -1;
  let ended = false;
  return new TransformStream({
    transform(chunk, ctrl) {
      const out = new Uint8Array((chunk.length >> 1) + 1);
      let n = 0;
      for (const c of chunk) {
        if (ended) break;
        if (c === 0x3e) ended = true;
        const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
        if (v < 0) continue;
        if (high < 0) high = v;
        else {
          out[n++] = (high << 4) | v;
          high = -1;
        }
      }
      if (n) ctrl.enqueue(out.subarray(0, n));
    },
    flush(ctrl) {
      if (high >= 0) ctrl.enqueue(new Uint8Array([high << 4]));
    },
  });
}

/** ASCII85Decode as a stream: groups of five '!'…'u', "z" for four zeros, whitespace ignored, "~>" ends it. */
function a85Decoder(): TransformStream<Uint8Array, Uint8Array> {
  const group: number[] = [];
  let ended = false;
  const word = (g: number[], bytes: number, out: number[]) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (i < g.length ? g[i] : 84);
    for (let i = 0; i < bytes; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
  };
  return new TransformStream({
    transform(chunk, ctrl) {
      const out: number[] = [];
      for (const c of chunk) {
        if (ended) break;
        if (c === 0x7e) ended = true;
        else if (c === 0x7a && group.length === 0) out.push(0, 0, 0, 0);
        else if (c >= 0x21 && c <= 0x75) {
          group.push(c - 0x21);
          if (group.length === 5) {
            word(group, 4, out);
            group.length = 0;
          }
        }
      }
      if (out.length) ctrl.enqueue(Uint8Array.from(out));
    },
    flush(ctrl) {
      if (group.length > 1) {
        const out: number[] = [];
        word(group, group.length - 1, out);
        ctrl.enqueue(Uint8Array.from(out));
      }
    },
  });
}

/** Bytes `data` decodes to through `filters`, each Flate stage stopping (and throwing Over) past `limit`. */
async function inflatedSize(data: Uint8Array, filters: readonly Filter[], limit: number, keep?: Uint8Array[], inflate?: Inflate): Promise<number> {
  // One Flate stage and a synchronous inflater: the whole output at once (at most `limit` bytes).
  if (inflate && filters.length === 1 && filters[0] === 'flate') {
    const out = inflate(data, limit);
    if (out === 'over') throw new Over();
    if (out) {
      keep?.push(out);
      return out.byteLength;
    }
  }
  let stream: ReadableStream<Uint8Array> = new Blob([data as Uint8Array<ArrayBuffer>]).stream();
  // The last stage's output is counted by the read loop below (one TransformStream less per stream).
  const lastFlate = filters.length > 0 && filters[filters.length - 1] === 'flate';
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (f !== 'flate') {
      stream = stream.pipeThrough(f === 'hex' ? hexDecoder() : a85Decoder());
      continue;
    }
    if (lastFlate && i === filters.length - 1) {
      stream = stream.pipeThrough(new DecompressionStream('deflate') as unknown as TransformStream<Uint8Array, Uint8Array>);
      continue;
    }
    // Every stage is bounded: the intermediate output of a double compression is counted too.
    let seen = 0;
    const count = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctrl) {
        seen += chunk.byteLength;
        if (seen > limit) throw new Over();
        ctrl.enqueue(chunk);
      },
    });
    stream = stream.pipeThrough(new DecompressionStream('deflate') as unknown as TransformStream<Uint8Array, Uint8Array>).pipeThrough(count);
  }
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (lastFlate && size > limit) throw new Over();
      keep?.push(value);
    }
  } catch (e) {
    if (e instanceof Over) throw e;
    // A damaged stream (bad checksum, cut short): pdf.js copes with it; count what came out.
    return size;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/**
 * A stream's data decoded through its filters (their names without the slash: "FlateDecode", "AHx"…),
 * or null when one is not decoded here, or the data inflates past MAX_INFLATED_STREAM. The page
 * budget (budget.ts) scans content streams with it.
 */
export async function decodeStream(data: Uint8Array, filters: readonly string[], inflate?: Inflate): Promise<Uint8Array | null> {
  if (typeof DecompressionStream !== 'function') return null;
  const chain: Filter[] = [];
  for (const f of filters) {
    const d = DECODED[`/${f}`];
    if (!d) return null;
    chain.push(d);
  }
  const keep: Uint8Array[] = [];
  try {
    await inflatedSize(data, chain, MAX_INFLATED_STREAM, keep, inflate);
  } catch {
    return null;
  }
  if (keep.length === 1) return keep[0];
  const out = new Uint8Array(keep.reduce((a, k) => a + k.length, 0));
  let at = 0;
  for (const k of keep) {
    out.set(k, at);
    at += k.length;
  }
  return out;
}

/**
 * Most bytes one Flate stage can inflate to per compressed byte: a length/distance pair gives at
 * most 258 bytes and takes at least two bits, so 8 bits in give 1,032 bytes out (zlib's "technical
 * details" note); a block header and the zlib wrapper only add bits that give nothing.
 */
const FLATE_RATIO = 1032;

/**
 * Streams whose inflated size their compressed size already bounds below their limit: one Flate
 * stage, no other filter, not an object stream (whose text is wanted). Their bounds together must
 * leave half of the total limit to the others; null when no stream qualifies.
 */
function boundedBySize(streams: readonly FoundStream[]): { skip: Set<FoundStream>; bound: number } | null {
  const skip = new Set<FoundStream>();
  let bound = 0;
  for (const s of streams) {
    if (s.objects || s.unchecked || s.filters.length !== 1 || s.filters[0] !== 'flate') continue;
    const most = (s.span + 16) * FLATE_RATIO;
    if (most > (s.image ? MAX_INFLATED_IMAGE : MAX_INFLATED_STREAM) || bound + most > MAX_INFLATED_TOTAL / 2) continue;
    skip.add(s);
    bound += most;
  }
  return skip.size ? { skip, bound } : null;
}

/**
 * Refuses a PDF whose compressed streams inflate past the limits above, naming the object and the
 * limit. Costs one streaming inflate of each Flate stream that could reach a limit (what pdf.js does
 * anyway, without keeping it); a stream too short to reach its limit is counted at its bound
 * (FLATE_RATIO) without inflating it, and when those bounds make the total too large, every stream
 * is inflated and counted exactly: the verdict is the exact one either way. Returns the inflated
 * text of the object streams (for outlineDepth).
 */
export async function checkInflatedSizes(bytes: Uint8Array, where?: string, inflate?: Inflate): Promise<string[]> {
  if (typeof DecompressionStream !== 'function') return []; // very old runtimes: pdf.js alone
  const streams = flateStreams(bytes);
  const bounded = boundedBySize(streams);
  if (bounded) {
    try {
      return await inflatedSizes(streams, where, bounded, inflate);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      // Past a limit with bounds counted for some streams: count them exactly (below).
    }
  }
  return inflatedSizes(streams, where, null, inflate);
}

/** checkInflatedSizes over `streams`, those in `bounded.skip` counted at their bound instead of inflated. */
async function inflatedSizes(streams: readonly FoundStream[], where: string | undefined, bounded: { skip: Set<FoundStream>; bound: number } | null, inflate?: Inflate): Promise<string[]> {
  let total = bounded?.bound ?? 0;
  const objectStreams: string[] = [];
  for (const s of streams) {
    if (bounded?.skip.has(s)) continue;
    if (s.unchecked) {
      // LZW and RunLength are not decoded here (no real PDF puts Flate after them): the Flate that
      // follows could inflate to any size unchecked, so the stream is refused rather than trusted.
      throw new InputError(
        `the PDF is refused: a compressed stream (object ${s.object}) has FlateDecode after ${s.unchecked}, so its decompressed size cannot be checked against the limit on decompressed content (${MIB(s.image ? MAX_INFLATED_IMAGE : MAX_INFLATED_STREAM)})`,
        where,
        { code: 'decompressed-too-large' },
      );
    }
    // An image pdf.js will not decode (see MAX_IMAGE_PIXELS) cannot inflate anything.
    if (s.image && s.pixels !== undefined && s.pixels > MAX_IMAGE_PIXELS && !s.unchecked) continue;
    const limit = Math.min(s.image ? MAX_INFLATED_IMAGE : MAX_INFLATED_STREAM, MAX_INFLATED_TOTAL - total);
    const keep: Uint8Array[] | undefined = s.objects ? [] : undefined;
    try {
      total += await inflatedSize(s.data, s.filters, limit, keep, inflate);
    } catch (e) {
      if (!(e instanceof Over)) throw e;
      const which = limit < (s.image ? MAX_INFLATED_IMAGE : MAX_INFLATED_STREAM)
        ? `its compressed streams inflate past ${MIB(MAX_INFLATED_TOTAL)} in all (at object ${s.object})`
        : `a compressed ${s.image ? 'image' : 'stream'} (object ${s.object}${s.flates > 1 ? `, compressed ${s.flates} times` : ''}) inflates past ${MIB(limit)}`;
      throw new InputError(`the PDF is refused: ${which}, the limit on decompressed content (a "zip bomb" or a damaged file)`, where, { code: 'decompressed-too-large' });
    }
    if (keep) {
      const d = new TextDecoder('latin1');
      objectStreams.push(keep.map((k) => d.decode(k, { stream: true })).join('') + d.decode());
    }
  }
  return objectStreams;
}

/** Deepest outline pdf.js is asked for: real outlines have a handful of levels. */
export const MAX_OUTLINE_DEPTH = 64;

/**
 * How deep the outline (bookmarks) nests, from the raw objects: every dictionary with a /Title and
 * a /Parent, in the file and in its object streams, and the longest chain of parents. pdf.js builds
 * the outline as nested objects and hands it over with structuredClone, which overflows the stack
 * at about 2,000 levels: outside any promise in Node (the CLI died with pdf.js's stack trace) and
 * silently in a browser worker (the page waited forever). Such an outline is not asked for.
 */
export function outlineDepth(bytes: Uint8Array, objectStreams: readonly string[]): number {
  const parent = new Map<number, number>();
  const note = (num: number, body: string) => {
    if (!body.includes('/Title')) return;
    const p = /\/Parent\s+(\d+)\s+\d+\s+R/.exec(body);
    if (p) parent.set(num, Number(p[1]));
  };
  const text = new TextDecoder('latin1').decode(bytes);
  const start = /(?<![0-9])(\d+)\s+\d+\s+obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(text)) !== null) {
    const end = text.indexOf('endobj', start.lastIndex);
    const stop = end < 0 ? Math.min(text.length, start.lastIndex + 4096) : end;
    note(Number(m[1]), text.slice(start.lastIndex, Math.min(stop, start.lastIndex + 65_536)));
    if (end >= 0) start.lastIndex = end;
  }
  for (const os of objectStreams) {
    // "num offset num offset …" then the objects, offsets counted from the first one.
    const firstObj = /^\s*((?:\d+\s+\d+\s*)+)/.exec(os);
    if (!firstObj) continue;
    const nums = firstObj[1].trim().split(/\s+/).map(Number);
    const base = firstObj[0].length;
    for (let i = 0; i + 1 < nums.length; i += 2) {
      const from = base + nums[i + 1];
      const to = i + 3 < nums.length ? base + nums[i + 3] : os.length;
      note(nums[i], os.slice(from, Math.max(from, to)));
    }
  }
  const depth = new Map<number, number>();
  let deepest = 0;
  for (const start of parent.keys()) {
    // Walk up to a known depth (or the root), then fill the chain: each item is walked once.
    const chain: number[] = [];
    const onChain = new Set<number>();
    let x: number | undefined = start;
    while (x !== undefined && parent.has(x) && !depth.has(x) && !onChain.has(x)) {
      chain.push(x);
      onChain.add(x);
      x = parent.get(x);
    }
    let d = x !== undefined && depth.has(x) ? depth.get(x)! : 0;
    for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i], ++d);
    deepest = Math.max(deepest, d);
  }
  return deepest;
}
