// The import's OCR progress as the preview shows it (a bar per page, the time left) and the small
// pure pieces of its wording: kept apart from the Svelte state so they are tested on their own.
import type { OcrProgress } from '../../engine/documents/index.ts';

/** A file's OCR as the preview shows it: a bar per page and the time left. */
export interface OcrRun {
  stage: OcrProgress['stage'];
  /** Pages given to OCR and how many are done. */
  total: number;
  done: number;
  /** The page being read and how far along (0–1). */
  page: number;
  fraction: number;
  /** Page numbers in the order OCR met them (the bars' labels). */
  pages: number[];
  /** When recognition began (after the models loaded), for the time left. */
  startedAt?: number;
}

/** Page numbers as a short list: 1–3, 5. */
export function pageList(pages: readonly number[]): string {
  const out: string[] = [];
  const sorted = [...pages].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/** Seconds left of a file's OCR, from the pace so far (null until a tenth of it is done). */
export function ocrSecondsLeft(r: OcrRun, now: number): number | null {
  const got = r.done + r.fraction;
  if (r.startedAt === undefined || got < 0.1 || r.total <= 0) return null;
  return Math.max(0, Math.round(((now - r.startedAt) / got) * (r.total - got) / 1000));
}

/** The bars of a file's OCR: one per page, its number (when met) and how far along it is. */
export function ocrBars(r: OcrRun): { page: number | null; value: number }[] {
  return Array.from({ length: r.total }, (_, i) => ({ page: r.pages[i] ?? null, value: i < r.done ? 1 : i === r.done ? r.fraction : 0 }));
}

/** A file's OCR state after one more report from the engine. */
export function nextOcr(was: OcrRun | undefined, p: OcrProgress, now: number): OcrRun {
  const pages = was?.pages.includes(p.page) ? was.pages : [...(was?.pages ?? []), p.page];
  const startedAt = was?.startedAt ?? (p.stage === 'reading' ? now : undefined);
  return { stage: p.stage, total: p.total, done: p.done, page: p.page, fraction: p.fraction, pages, ...(startedAt !== undefined ? { startedAt } : {}) };
}

/**
 * The choices the import offers: por+eng first when both are installed, then each installed language
 * alone, then the stored choice if it is none of these (it is shown, and reading says it is missing).
 */
export function languageChoices(installed: readonly string[], current: string): string[] {
  const out: string[] = [];
  if (installed.includes('por') && installed.includes('eng')) out.push('por+eng');
  out.push(...installed);
  if (!out.includes(current)) out.push(current);
  return out;
}
