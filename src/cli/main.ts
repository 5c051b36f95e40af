// `npm run cli -- <subcommand> ...`: the same engine as the page, in Node (compiled by scripts/build.mjs).
import { InputError } from '../engine/types.ts';

const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  chunk: () => import('./chunk.ts'),
  eval: () => import('./eval.ts'),
  compare: () => import('./compare.ts'),
};

const USAGE = `usage: npm run cli -- <command> [options]

commands:
  chunk    cut a dataset's documents with one chunker and write chunks as JSONL
  eval     chunk, index, retrieve and score a dataset's questions
  compare  paired test of two results files`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    console.error(`error: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  const mod = await load();
  return mod.run(rest);
}

/** Exit only once stdout and stderr are flushed: a piped `--json` can be megabytes long. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

main(process.argv.slice(2)).then(exitAfterFlush, (err) => {
  if (err instanceof InputError) {
    // One line, whatever the message quotes from the input (newlines, terminal control codes).
    console.error(`error: ${err.message.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()}`);
    exitAfterFlush(2);
    return;
  }
  console.error(err);
  exitAfterFlush(1);
});
