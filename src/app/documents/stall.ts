// When a file of a drop is taken for stuck: read this long with no progress (no page done, no file
// done). The page then offers in words to skip it (its Skip button is there all along); it is not a
// limit, the read goes on until the user skips the file or cancels.

/** How long a file may go without progress before the page offers to skip it. */
export const STALL_MS = 20_000;

/** The path of the file being read when it has made no progress for `budgetMs` at `now`, else null. */
export function stalledFile(rows: readonly { path: string; status: string }[], lastProgressAt: number, now: number, budgetMs = STALL_MS): string | null {
  const reading = rows.find((r) => r.status === 'reading');
  return reading && now - lastProgressAt >= budgetMs ? reading.path : null;
}
