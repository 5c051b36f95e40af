// The undo offered after runs are removed in Results (a row, a group, old runs, everything). Kept at
// module level, not in the view, so the offer survives the view being drawn again (another section
// opened and Results reopened, the language switched). The offer has no clock: it stands until
// another removal replaces it, the notice is closed, or the page is left. A timed offer could run out
// while someone reads the notice or looks at another section (or, on a busy machine, before the click
// lands), and a removal that can no longer be undone is exactly the mistake this notice is for.
// The removed runs are deleted from storage at once; their records wait here, in memory, so Undo puts
// back exactly what went (the same ids, groups and files).
import { workspace } from '../state/workspace.svelte.ts';
import type { SavedResults } from '../state/types.ts';
import type { MessageKey } from '../i18n/index.svelte.ts';

export interface UndoOffer {
  /** The notice, translated when shown (so it follows the page's language). */
  key: MessageKey;
  params: Record<string, string | number>;
  records: SavedResults[];
}

class UndoStore {
  pending = $state.raw<UndoOffer | null>(null);

  /** Offers to undo a removal (replacing an earlier offer, whose removal then stands). */
  offer(key: MessageKey, params: Record<string, string | number>, records: SavedResults[]): void {
    if (!records.length) return;
    this.pending = { key, params, records };
  }

  /** Puts the removed runs back. */
  undo(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    workspace.restoreResults(p.records);
  }

  /** Closes the notice: the removal stands. */
  dismiss(): void {
    this.pending = null;
  }
}

export const undoStore = new UndoStore();
