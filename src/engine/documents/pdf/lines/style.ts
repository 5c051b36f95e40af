// The body text's style: the size carrying the most characters, and whether it is set in bold.

import { BODY_BOLD_SHARE } from '../thresholds.ts';
import type { Row } from '../types.ts';

export interface BodyStyle {
  size: number;
  bold: boolean;
}

const round = (x: number) => Math.round(x * 2) / 2;

/** The body text size: the size carrying the most characters. */
export function bodyStyle(rows: Row[]): BodyStyle {
  const bySize = new Map<number, number>();
  let boldChars = 0;
  let chars = 0;
  for (const r of rows)
    for (const f of r.frags) bySize.set(round(f.size), (bySize.get(round(f.size)) ?? 0) + f.text.length);
  let size = 0;
  let best = -1;
  for (const [s, n] of bySize)
    if (n > best) {
      best = n;
      size = s;
    }
  for (const r of rows)
    for (const f of r.frags)
      if (round(f.size) === size && !f.mono) {
        chars += f.text.length;
        if (f.bold) boldChars += f.text.length;
      }
  return { size, bold: chars > 0 && boldChars / chars > BODY_BOLD_SHARE };
}
