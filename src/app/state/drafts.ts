// Drafts: what a user typed but has not added or saved yet (the Workspace's "Paste text" form, the
// question editor's place and key phrase), kept in localStorage so a view switch, a reload or a dev
// server reload loses nothing. A draft is cleared when its content is added/saved. Storage can be
// missing or full: a draft is then simply not kept (never an error).
const PREFIX = 'chunklab.draft.';

export function readDraft<T extends object>(key: string): Partial<T> | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return undefined;
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the draft; an empty one (every value empty or undefined) removes it. */
export function writeDraft(key: string, value: Record<string, unknown>): void {
  try {
    const empty = Object.values(value).every((v) => v === undefined || v === '');
    if (empty) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota or no storage: the draft lives only in the page.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing stored to clear.
  }
}

/** A string field of a draft, or `fallback` when absent or of another type. */
export function draftString(d: Record<string, unknown> | undefined, field: string, fallback = ''): string {
  const v = d?.[field];
  return typeof v === 'string' ? v : fallback;
}
