// Chunk lints (lint-chunks.ts): the defects a chunking leaves (orphan headings, cuts mid-sentence,
// table rows without their header, split code, chunks over the model's limit, micro-chunks, missing
// heading paths), flagged per chunk and counted.
export { LINT_FLAGS, lintChunks } from './lint-chunks.ts';
export type { LintOptions, LintReport } from './lint-chunks.ts';
