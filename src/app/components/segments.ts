// Text pieces for highlighting, built from offsets the engine computed (BM25 term offsets, gold
// spans, returned units). Presentation only: every piece is rendered as a text node (never HTML), and
// each piece knows the document range it shows, so a selection maps back to exact offsets.
export interface Span {
  start: number;
  end: number;
}

/** A run of text and whether it is a matched query term. */
export interface Segment {
  text: string;
  hit: boolean;
}

/** Clamped, sorted, merged copies of `spans` restricted to [from, to). */
function normalise(spans: readonly Span[], from: number, to: number): Span[] {
  const out: Span[] = [];
  const sorted = spans
    .map((s) => ({ start: Math.max(from, s.start), end: Math.min(to, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/**
 * `text` sliced to [from, to) as segments, `hits` (offsets into `text`) marked. The segments'
 * texts joined give exactly text.slice(from, to).
 */
export function highlight(text: string, hits: readonly Span[], from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const h of normalise(hits, from, to)) {
    if (h.start > at) out.push({ text: text.slice(at, h.start), hit: false });
    out.push({ text: text.slice(h.start, h.end), hit: true });
    at = h.end;
  }
  if (at < to) out.push({ text: text.slice(at, to), hit: false });
  return out;
}

/** Moves an offset off the second half of a surrogate pair, so a cut never splits an emoji. */
function safe(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return i > 0 && i < text.length && c >= 0xdc00 && c <= 0xdfff ? i - 1 : i;
}

export interface Snippet {
  segments: Segment[];
  /** Whether text of the unit was left out before / after the snippet. */
  before: boolean;
  after: boolean;
}

/**
 * A window of about `width` characters of [start, end) of `text`, centred near the first hit
 * (offsets into `text`), cut at spaces where it can; whitespace runs are kept as they are.
 */
export function snippet(text: string, start: number, end: number, hits: readonly Span[], width = 280): Snippet {
  if (end - start <= width) return { segments: highlight(text, hits, start, end), before: false, after: false };
  const inside = normalise(hits, start, end);
  const first = inside[0]?.start ?? start;
  let from = Math.max(start, first - Math.floor(width / 3));
  let to = Math.min(end, from + width);
  from = Math.max(start, Math.min(from, to - width));
  if (from > start) {
    const sp = text.indexOf(' ', from);
    if (sp >= 0 && sp < first && sp - from < 30) from = sp + 1;
  }
  if (to < end) {
    const sp = text.lastIndexOf(' ', to);
    if (sp > from && to - sp < 30) to = sp;
  }
  from = safe(text, from);
  to = safe(text, to);
  return { segments: highlight(text, hits, from, to), before: from > start, after: to < end };
}

/** A piece of a document view: a range and the names of the layers that cover it. */
export interface Piece {
  start: number;
  end: number;
  layers: string[];
}

export interface Layer {
  name: string;
  spans: readonly Span[];
}

/**
 * The document [0, length) cut at every layer boundary; each piece lists the layers covering it.
 * Pieces are contiguous and cover the whole text, so their texts joined give the document.
 */
export function layerPieces(length: number, layers: readonly Layer[]): Piece[] {
  const cuts = new Set<number>([0, length]);
  const norm = layers.map((l) => ({ name: l.name, spans: normalise(l.spans, 0, length) }));
  for (const l of norm) for (const s of l.spans) cuts.add(s.start).add(s.end);
  const points = [...cuts].sort((a, b) => a - b);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i];
    const end = points[i + 1];
    if (end <= start) continue;
    const on = norm.filter((l) => l.spans.some((s) => s.start <= start && end <= s.end)).map((l) => l.name);
    out.push({ start, end, layers: on });
  }
  return out;
}
