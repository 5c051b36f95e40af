// The page map of a document read from a PDF: which characters of its Markdown came from which page.
// Stored in the document's meta as one string ("1@0 2@812 4@1630": page 1 from offset 0, page 2 from
// 812, page 4 from 1630 to the end), because meta values are strings and survive every export.

export interface PageRange {
  page: number;
  start: number;
  end: number;
}

export function formatPageMap(ranges: PageRange[]): string {
  return ranges.map((r) => `${r.page}@${r.start}`).join(' ');
}

/** Ranges of a stored page map; [] when absent or malformed. `length` closes the last range. */
export function parsePageMap(value: string | undefined, length: number): PageRange[] {
  if (!value) return [];
  const out: PageRange[] = [];
  for (const part of value.trim().split(/\s+/)) {
    const m = /^(\d{1,6})@(\d{1,12})$/.exec(part);
    if (!m) return [];
    const start = Number(m[2]);
    if (out.length && start < out[out.length - 1].start) return [];
    if (out.length) out[out.length - 1].end = start;
    out.push({ page: Number(m[1]), start, end: length });
  }
  return out;
}

/** The page holding `offset`, or undefined outside the map. */
export function pageAt(ranges: PageRange[], offset: number): number | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].end <= offset) lo = mid + 1;
    else if (ranges[mid].start > offset) hi = mid - 1;
    else return ranges[mid].page;
  }
  return undefined;
}

/** Pages a range [start, end) touches, in order. */
export function pagesOf(ranges: PageRange[], start: number, end: number): number[] {
  // Binary search for the first range ending after `start`: a 20,000-page document is not scanned
  // from its first page for every chunk.
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  const seen = new Set<number>();
  for (let i = lo; i < ranges.length && ranges[i].start < end; i++) {
    const r = ranges[i];
    if (r.end > start && !seen.has(r.page)) {
      seen.add(r.page);
      out.push(r.page);
    }
  }
  return out;
}
