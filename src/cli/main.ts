// `npm run cli -- <subcommand> ...`: the same engine as the page, in Node (compiled by scripts/build.mjs).
import { InputError } from '../engine/types.ts';
import { errorLine } from './errors.ts';

const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  chunk: () => import('./chunk.ts'),
  eval: () => import('./eval.ts'),
  compare: () => import('./compare.ts'),
  questions: () => import('./questions.ts'),
};

const USAGE = `usage: npm run cli -- <command> [options]

commands:
  chunk    cut a dataset's documents with one chunker and write chunks as JSONL
  eval     chunk, index, retrieve and score a dataset's questions
  compare  paired test of two results files
  questions  generate questions with located answers from a dataset's documents (a model)`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  const names = Object.keys(COMMANDS).join(', ');
  if (!name) throw new InputError(`no command given (one of ${names}; --help for usage)`);
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) throw new InputError(`unknown command "${name}" (one of ${names}; --help for usage)`);
  const mod = await load();
  return mod.run(rest);
}

/** Exit only once stdout and stderr are flushed: a piped `--json` can be megabytes long. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

main(process.argv.slice(2)).then(exitAfterFlush, (err) => {
  console.error(errorLine(err));
  exitAfterFlush(2);
});
