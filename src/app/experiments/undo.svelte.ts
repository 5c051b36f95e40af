// The undo offered after runs are removed in Results (a row, a group, old runs, everything). Kept at
// module level, not in the view, so the offer survives the view being drawn again (another section
// opened and Results reopened, the language switched) until its time passes or another removal
// replaces it. The removed runs are deleted from storage at once; their records wait here, in
// memory, so Undo puts back exactly what went (the same ids, groups and files). Leaving the page ends
// the offer.
import { workspace } from '../state/workspace.svelte.ts';
import type { SavedResults } from '../state/types.ts';
import type { MessageKey } from '../i18n/index.svelte.ts';

/** Long enough to read the notice and reach its button. */
export const UNDO_MS = 20_000;

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

  /** Offers to undo a removal (replacing an earlier offer, whose removal then stands). */
  offer(key: MessageKey, params: Record<string, string | number>, records: SavedResults[], ms = UNDO_MS): void {
    if (!records.length) return;
    clearTimeout(this.timer);
    this.pending = { key, params, records, until: Date.now() + ms };
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
    this.pending = null;
  }
}

export const undoStore = new UndoStore();
