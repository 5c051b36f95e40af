// What a lesson card says about its own sample table, computed from that table's runs (never typed
// into the text): which run hits most and which returns least context; for the strategies lesson,
// whether the strategies that return more text really hit more than the others; for the header and
// overlap lessons, which way each chunker moved. Pure: returns message keys and parameters.
import type { ChunkerId } from '../../engine/types.ts';
import type { LessonId, SampleRun } from './presets.ts';

export interface Claim {
  key: string;
  params: Record<string, string | number>;
  /** Chunker ids named in params (the card replaces them by their labels). */
  chunkers?: Record<string, ChunkerId>;
}

/** Strategies that return more text than they index. */
export const WIDE_RETURN: readonly ChunkerId[] = ['sentence-window', 'small-to-big'];

const direction = (a: number, b: number) => (b > a ? 'up' : b < a ? 'down' : 'same');

export function lessonClaims(id: LessonId, runs: readonly SampleRun[]): Claim[] {
  if (runs.length < 2) return [];
  const out: Claim[] = [];
  const best = runs.reduce((a, b) => (b.hit5 > a.hit5 ? b : a));
  const cheapest = runs.reduce((a, b) => (b.ctx3 < a.ctx3 ? b : a));
  out.push({ key: 'lessons.claim.best', params: { best: 'best', hit5: best.hit5, cheap: 'cheap', ctx3: cheapest.ctx3 }, chunkers: { best: best.chunker, cheap: cheapest.chunker } });

  if (id === 'strategies') {
    const others = runs.filter((r) => !WIDE_RETURN.includes(r.chunker));
    const top = Math.max(...others.map((r) => r.hit5));
    for (const r of runs.filter((x) => WIDE_RETURN.includes(x.chunker))) {
      const other = others.find((o) => o.hit5 === top)!;
      out.push({
        key: r.hit5 > top ? 'lessons.claim.wideAbove' : 'lessons.claim.wideBelow',
        params: { wide: 'wide', hit5: r.hit5, other: 'other', top, ctx3: r.ctx3 },
        chunkers: { wide: r.chunker, other: other.chunker },
      });
    }
  }
  if (id === 'header' || id === 'context') {
    for (const c of [...new Set(runs.map((r) => r.chunker))]) {
      const off = runs.find((r) => r.chunker === c && r.header === false);
      const on = runs.find((r) => r.chunker === c && r.header === true);
      if (off && on) out.push({ key: `lessons.claim.header.${direction(off.hit5, on.hit5)}`, params: { c: 'c', off: off.hit5, on: on.hit5 }, chunkers: { c } });
    }
  }
  if (id === 'overlap') {
    for (const c of [...new Set(runs.map((r) => r.chunker))]) {
      const mine = runs.filter((r) => r.chunker === c);
      const none = mine.find((r) => !r.overlap);
      const most = mine.reduce((a, b) => ((b.overlap ?? 0) > (a.overlap ?? 0) ? b : a));
      if (none && most !== none)
        out.push({ key: `lessons.claim.overlap.${direction(none.hit5, most.hit5)}`, params: { c: 'c', overlap: most.overlap ?? 0, off: none.hit5, on: most.hit5 }, chunkers: { c } });
    }
  }
  return out;
}

/** The document of a corpus that best shows tables and code: most table rows plus code fences, both present. */
export function tableAndCodeDoc(docs: readonly { id: string; text: string; format: string }[]): string | undefined {
  let bestId: string | undefined;
  let bestScore = 0;
  for (const d of docs) {
    if (d.format !== 'markdown') continue;
    const rows = (d.text.match(/^[ \t]*\|.*\|[ \t]*$/gm) ?? []).length;
    const fences = (d.text.match(/^[ \t]*(```|~~~)/gm) ?? []).length;
    if (!rows || !fences) continue;
    if (rows + fences > bestScore) {
      bestScore = rows + fences;
      bestId = d.id;
    }
  }
  return bestId;
}
