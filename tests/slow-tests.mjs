// Which unit test files are slow, in one place for scripts/test.mjs (`--fast` leaves SLOW out) and
// tests/sequencer.ts (a fresh checkout, with no timings of earlier runs, starts them first).

/** The suites `--fast` leaves out: the CLI and library tests, which spawn the compiled CLI and
 * import build/lib, and the hostile-input engine tests; about two thirds of the unit project's time. */
export const SLOW = ['tests/cli/**', 'tests/lib/**', 'tests/engine/hostile/**'];

/** The files that alone take a minute or more (idle CI: ray 190 s, four local Ray clusters; the
 * whitespace growth checks 60 s): started before every other file when no earlier run's timings
 * are known, so neither is left running alone at the end of the run. */
export const LONGEST = ['tests/cli/ray.test.ts', 'tests/engine/hostile/hostile-whitespace.test.ts'];
