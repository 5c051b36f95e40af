// The undo offered after runs are removed in Results (a row, a group, old runs, everything). Kept at
// module level, not in the view, so the offer survives the view being drawn again (another section
// opened and Results reopened, the language switched) until its time passes or another removal
// replaces it (the clock stops while the pointer or focus is on the notice). The removed runs are deleted from storage at once; their records wait here, in
// memory, so Undo puts back exactly what went (the same ids, groups and files). Leaving the page ends
// the offer.
import { workspace } from '../state/workspace.svelte.ts';
import type { SavedResults } from '../state/types.ts';
import type { MessageKey } from '../i18n/index.svelte.ts';

/** Long enough to read the notice, and to look at another section and come back. */
export const UNDO_MS = 30_000;

export interface UndoOffer {
  /** The notice, translated when shown (so it follows the page's language). */
  key: MessageKey;
  params: Record<string, string | number>;
  records: SavedResults[];
  /** When the offer ends (ms since the epoch). */
  until: number;
}

class UndoStore {
  pending = $state.raw<UndoOffer | null>(null);
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Milliseconds left while the clock is stopped (hold). */
  private held: number | undefined;

  /** Offers to undo a removal (replacing an earlier offer, whose removal then stands). */
  offer(key: MessageKey, params: Record<string, string | number>, records: SavedResults[], ms = UNDO_MS): void {
    if (!records.length) return;
    clearTimeout(this.timer);
    this.held = undefined;
    this.pending = { key, params, records, until: Date.now() + ms };
    this.timer = setTimeout(() => (this.pending = null), ms);
  }

  /** Stops the clock while the pointer or the keyboard focus is on the notice (it is being read or reached). */
  hold(): void {
    const p = this.pending;
    if (!p || this.held !== undefined) return;
    clearTimeout(this.timer);
    this.held = Math.max(0, p.until - Date.now());
  }

  /** Starts the clock again with the time that was left (never less than a few seconds). */
  release(): void {
    const p = this.pending;
    const left = this.held;
    this.held = undefined;
    if (!p || left === undefined) return;
    const ms = Math.max(left, 5_000);
    this.pending = { ...p, until: Date.now() + ms };
    this.timer = setTimeout(() => (this.pending = null), ms);
  }

  /** Puts the removed runs back. */
  undo(): void {
    const p = this.pending;
    if (!p) return;
    this.dismiss();
    workspace.restoreResults(p.records);
  }

  dismiss(): void {
    clearTimeout(this.timer);
    this.held = undefined;
    this.pending = null;
  }
}

export const undoStore = new UndoStore();
