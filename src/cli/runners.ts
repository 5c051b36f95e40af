// Each command's module, loaded only when it runs (src/cli/main.ts; tests/cli/helpers.ts runs them
// in-process from the same list). A new command: its row in COMMANDS and its flags in
// src/cli/commands.ts, src/cli/<name>.ts with `run(argv)`, and one line here (the type makes the
// two lists agree: a command of the table without a line here does not compile, nor the reverse).
import type { CommandName } from './commands.ts';

export interface CommandModule {
  run(argv: string[]): Promise<number>;
}

export const RUNNERS: Record<CommandName, () => Promise<CommandModule>> = {
  chunk: () => import('./chunk.ts'),
  eval: () => import('./eval.ts'),
  compare: () => import('./compare.ts'),
  'per-document': () => import('./per-document.ts'),
  agreement: () => import('./agreement.ts'),
  tune: () => import('./tune.ts'),
  questions: () => import('./questions.ts'),
  convert: () => import('./convert.ts'),
  batch: () => import('./batch.ts'),
  serve: () => import('./serve.ts'),
  proxy: () => import('./proxy.ts'),
};
