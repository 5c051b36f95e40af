// Hand edits of a run's chunk boundaries (the inspector's "move a boundary"): the edits, the hits
// they gain and lose, and the session that re-scores a run with them.
export { applyBoundaryEdit, chunkingProblem, snapOffset } from './boundary.ts';
export type { BoundaryEdit, EditEnv } from './boundary.ts';
export { hitDeltas, hitsAt } from './delta.ts';
export type { HitDeltas, QuestionDelta } from './delta.ts';
export { EditSession, editableReason } from './session.ts';
export type { DocEdit, EditOpenOptions, EditScore } from './session.ts';
