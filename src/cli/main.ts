// `npm run cli -- <subcommand> ...`: the same engine as the page, in Node (compiled by scripts/build.mjs).
import { InputError } from '../engine/types.ts';
import type { CommandName } from './commands.ts';
import { preferCheapCompiles } from './cheap-compiles.ts';
import { errorLine } from './errors.ts';
import { RUNNERS } from './runners.ts';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    // Loaded only here: the flag table imports what its checks need, which a command loads anyway.
    console.log((await import('./args.ts')).usageOfAll());
    return 0;
  }
  const names = Object.keys(RUNNERS).join(', ');
  if (!name) throw new InputError(`no command given (one of ${names}; --help for usage)`);
  const load = Object.hasOwn(RUNNERS, name) ? RUNNERS[name as CommandName] : undefined;
  if (!load) throw new InputError(`unknown command "${name}" (one of ${names}; --help for usage)`);
  // A command's --help is its flag table (what readFlags prints first thing, whichever the command):
  // printed here, it needs only the table, not the command's own code and what that loads.
  const args = await import('./args.ts');
  if (args.wantsHelp(rest)) {
    console.log(args.helpOf(name as CommandName));
    return 0;
  }
  if (name === 'chunk') preferCheapCompiles();
  const mod = await load();
  return mod.run(rest);
}

/** Exit only once stdout and stderr are flushed: a piped `--json` can be megabytes long. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/**
 * A reader that closes the pipe early (`| head -1`, a cancelled Ray task) has all it wanted: stop
 * quietly. Without this, Node reports the EPIPE of the next write as an uncaught exception (a stack
 * trace and exit 1), and a command waiting for 'drain' would wait forever.
 */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2)).then(exitAfterFlush, (err) => {
  console.error(errorLine(err));
  exitAfterFlush(2);
});
