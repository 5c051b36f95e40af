// Cuts a document's text into display pieces for the chunk inspector: runs of text covered by the
// same set of chunks (none, one, or several where chunks overlap), with a marker where each chunk
// starts. Presentation only: offsets come from the engine's chunks.
export interface Range {
  start: number;
  end: number;
}

export type Piece =
  | { kind: 'marker'; chunk: number; at: number }
  | { kind: 'text'; start: number; end: number; cover: number[] };

/** Pieces in reading order. Chunk ranges are clamped to [0, length]; empty ranges still get a marker. */
export function pieces(length: number, chunks: readonly Range[]): Piece[] {
  const clamp = (n: number) => Math.max(0, Math.min(length, n));
  const cuts = new Set<number>([0, length]);
  const starts = new Map<number, number[]>();
  chunks.forEach((c, i) => {
    const s = clamp(c.start);
    const e = clamp(Math.max(c.start, c.end));
    cuts.add(s);
    cuts.add(e);
    const list = starts.get(s);
    if (list) list.push(i);
    else starts.set(s, [i]);
  });
  const points = [...cuts].sort((a, b) => a - b);
  // Sweep: chunks sorted by start, active set updated at each cut point.
  const order = chunks.map((_, i) => i).sort((a, b) => clamp(chunks[a].start) - clamp(chunks[b].start) || a - b);
  const active = new Set<number>();
  const out: Piece[] = [];
  let next = 0;
  for (let p = 0; p < points.length; p++) {
    const at = points[p];
    for (const i of [...active]) if (clamp(chunks[i].end) <= at) active.delete(i);
    while (next < order.length && clamp(chunks[order[next]].start) === at) {
      const i = order[next++];
      if (clamp(chunks[i].end) > at) active.add(i);
    }
    for (const i of starts.get(at) ?? []) out.push({ kind: 'marker', chunk: i, at });
    const end = points[p + 1];
    if (end === undefined || end === at) continue;
    out.push({ kind: 'text', start: at, end, cover: [...active].sort((a, b) => a - b) });
  }
  return out;
}

/** The class of a text piece by the chunks covering it: `gap` (none), `overlap` (several), else `ca`/`cb` alternating by chunk. */
export function coverClass(cover: readonly number[]): 'gap' | 'overlap' | 'ca' | 'cb' {
  return cover.length === 0 ? 'gap' : cover.length > 1 ? 'overlap' : cover[0] % 2 ? 'cb' : 'ca';
}
