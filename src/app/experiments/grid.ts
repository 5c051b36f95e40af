// The experiment grid as other areas use it: the ExperimentGrid type (see model.ts) and `openGrid`,
// the entry point presets (lessons) call to fill the Experiments view and go there.
import { go } from '../router.svelte.ts';
import { experimentsStore } from './state.svelte.ts';
import type { ExperimentGrid } from './model.ts';

export * from './model.ts';

/**
 * Loads a grid into the Experiments view and goes there. Fields the grid leaves out keep their
 * defaults; with `autoRun` the grid starts running once the view has it.
 */
export function openGrid(grid: ExperimentGrid): void {
  experimentsStore.load(grid);
  go('experiments');
}
